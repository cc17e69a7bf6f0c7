import { formatPrice } from '../../../catalogue/index.ts';
import { shownOrderStatus } from '../../../contracts/order-status.ts';
import { ADMIN_TEXT as T } from './texts.ts';
import type { ShippingAddress } from '../../../contracts/functions/order.ts';
import type { StaffOrder } from '../../../contracts/functions/staff-order.ts';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A timestamp as staff read it, e.g. "Nov 24, 2026, 9:00 AM". */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

export { formatPrice };

/** The order's status as the shopper sees it too: "Partially refunded" once part is refunded. */
export function statusText(order: StaffOrder): string {
  const shown = shownOrderStatus(order);
  return shown === 'partially_refunded' ? T.partiallyRefunded : T.statuses[shown];
}

/** Cents from a dollar amount typed by staff ("12", "12.5", "12.50"); null if it is not one. */
export function dollarsToCents(text: string): number | null {
  const match = /^\s*\$?(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Cents as a plain dollar amount for an input ("12.50"). */
export function centsToInput(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** The address's lines as printed on a label. */
export function addressLines(address: ShippingAddress): string[] {
  const cityLine = [address.city, address.state, address.postal_code].filter(Boolean).join(', ');
  return [address.line1, address.line2, cityLine, address.country].filter(
    (line): line is string => typeof line === 'string' && line.length > 0,
  );
}

/** Today and 30 days earlier as YYYY-MM-DD, in the browser's own time zone. */
export function lastThirtyDays(now = new Date()): { from: string; to: string } {
  const day = (d: Date) =>
    `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const from = new Date(now);
  from.setDate(from.getDate() - 30);
  return { from: day(from), to: day(now) };
}
