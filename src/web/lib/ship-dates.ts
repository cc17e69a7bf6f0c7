// Ship windows and group-buy dates as en-US writes them ("Jan 9, 2027"), without Intl: they show
// on the list pages, where a first Intl formatter costs tens of milliseconds of blocking
// (docs/decisions/0040-prices-without-intl.md). Only these two shapes, checked against Intl's own
// output in ship-dates.test.ts.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

interface Day {
  year: number;
  month: number;
  day: number;
}

/**
 * The calendar day of `value`: a date ('2027-01-09') is that day wherever the shopper is; a
 * timestamp (a group buy's end) is its day in the shopper's time zone.
 */
function dayOf(value: string): Day {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (date) return { year: Number(date[1]), month: Number(date[2]) - 1, day: Number(date[3]) };
  const at = new Date(value);
  return { year: at.getFullYear(), month: at.getMonth(), day: at.getDate() };
}

const monthDay = ({ month, day }: Day) => `${MONTHS[month]} ${day}`;

/** "Jan 9, 2027". */
export function formatDay(value: string): string {
  const day = dayOf(value);
  return `${monthDay(day)}, ${day.year}`;
}

/** "Jan 9–Feb 6, 2027"; across a new year each end has its own: "Dec 20, 2026–Jan 30, 2027". */
export function formatWindow(from: string, by: string): string {
  const start = dayOf(from);
  const end = dayOf(by);
  return start.year === end.year
    ? `${monthDay(start)}–${formatDay(by)}`
    : `${formatDay(from)}–${formatDay(by)}`;
}

/** Whole calendar days from `now`'s day to `value`'s, in the shopper's time zone (0: today). */
export function daysUntil(value: string, now: Date): number {
  const { year, month, day } = dayOf(value);
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((Date.UTC(year, month, day) - today) / 86_400_000);
}
