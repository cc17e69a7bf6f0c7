import { describe, expect, it } from 'vitest';
import {
  checkAvailability,
  draftOf,
  earliestShipDay,
  emptyDraft,
  instantOf,
  localInputOf,
  type AvailabilityDraft,
} from './availability-draft.ts';

// The checks mirror public.product_availability's CHECKs; times are the staff member's local time.
const preOrder = (over: Partial<AvailabilityDraft> = {}): AvailabilityDraft => ({
  ...emptyDraft('pre_order'),
  shipsFrom: '2027-02-01',
  shipsBy: '2027-02-28',
  ...over,
});
const errorsOf = (draft: AvailabilityDraft) => {
  const checked = checkAvailability(draft);
  return checked.ok ? {} : checked.errors;
};

describe('availability draft', () => {
  it('reads and writes datetime-local values as local time', () => {
    const iso = new Date(2027, 0, 10, 9, 30).toISOString();
    expect(localInputOf(iso)).toBe('2027-01-10T09:30');
    expect(instantOf('2027-01-10T09:30')).toBe(iso);
    expect(instantOf('2027-01-10')).toBeNull();
    expect(instantOf('')).toBeNull();
  });

  it('in stock saves no row, whatever the hidden fields hold', () => {
    expect(checkAvailability({ ...preOrder({ shipsBy: 'x' }), kind: 'in_stock' })).toEqual({
      ok: true,
      values: null,
    });
    expect(draftOf(null)).toEqual(emptyDraft('in_stock'));
  });

  it('saves a pre-order with no run, so a former group buy loses its own', () => {
    const draft = preOrder({ cap: ' 1,000 ', startsAt: '2027-01-01T10:00', moq: '5' });
    expect(checkAvailability(draft)).toEqual({
      ok: true,
      values: {
        kind: 'pre_order',
        ships_from: '2027-02-01',
        ships_by: '2027-02-28',
        cap: 1000,
        starts_at: null,
        ends_at: null,
        moq: null,
      },
    });
  });

  it.each(['0', '1.5', '1000001', '-3', 'ten'])('refuses %j as a cap', (cap) => {
    expect(errorsOf(preOrder({ cap }))).toEqual({
      cap: 'Enter a whole number from 1 to 1,000,000.',
    });
  });

  it('refuses dates that are not ones, and a window that ends before it starts', () => {
    expect(errorsOf(preOrder({ shipsFrom: '2027-02-30', shipsBy: '' }))).toEqual({
      shipsFrom: 'Enter a date.',
      shipsBy: 'Enter a date.',
    });
    expect(errorsOf(preOrder({ shipsBy: '2027-01-31' }))).toEqual({
      shipsBy: 'Enter a date on or after Ships from.',
    });
    expect(errorsOf(preOrder({ shipsBy: '2027-02-01' }))).toEqual({});
  });

  it('starts shipping on the later of the local and the database’s (UTC) end day', () => {
    const iso = new Date(2027, 0, 31, 23, 30).toISOString();
    const localDay = '2027-01-31';
    const utcDay = iso.slice(0, 10);
    expect(earliestShipDay(iso)).toBe(localDay > utcDay ? localDay : utcDay);
  });

  it('lets a group buy’s window start the day it ends', () => {
    const draft: AvailabilityDraft = {
      ...preOrder({ shipsFrom: '2027-01-31', shipsBy: '2027-02-28' }),
      kind: 'group_buy',
      startsAt: '2027-01-10T10:00',
      endsAt: '2027-01-31T10:00',
      moq: '30',
      cap: '30',
    };
    expect(errorsOf(draft)).toEqual({});
  });
});
