import { describe, expect, it } from 'vitest';
import { daysUntil, formatDay, formatWindow } from './ship-dates.ts';

// Written without Intl (docs/decisions/0040-prices-without-intl.md): held to Intl's own output.
const intl = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

describe('ship dates without Intl', () => {
  it('writes every day of two years as Intl does', () => {
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2028, 0, 1); t += 86_400_000) {
      const iso = new Date(t).toISOString().slice(0, 10);
      expect(formatDay(iso)).toBe(intl.format(t));
    }
  });

  it('writes a window with its year once, or at each end across a new year', () => {
    expect(formatWindow('2027-01-09', '2027-02-06')).toBe('Jan 9–Feb 6, 2027');
    expect(formatWindow('2026-12-20', '2027-01-30')).toBe('Dec 20, 2026–Jan 30, 2027');
  });

  it('counts calendar days in the shopper’s time zone', () => {
    const now = new Date(2026, 11, 10, 23, 30);
    expect(daysUntil(new Date(2026, 11, 11, 0, 15).toISOString(), now)).toBe(1);
    expect(daysUntil(new Date(2026, 11, 10, 23, 59).toISOString(), now)).toBe(0);
    expect(daysUntil('2026-12-22', now)).toBe(12);
  });
});
