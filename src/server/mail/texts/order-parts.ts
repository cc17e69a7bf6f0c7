// What the order mails share: money as the storefront shows it, the address as a label prints it,
// the link to the shopper's order history and the footer.
import { formatPrice } from '../../../catalogue/index.ts';
import type { ShippingAddress } from '../../../contracts/index.ts';
import type { MailBlock } from '../content.ts';
import { shopLink } from '../links.ts';

/** Cents as the storefront shows them: "$1,234.50". */
export const money = (cents: number): string => formatPrice(cents);

/** A discount as the totals show it: "−$10.00". */
export const minus = (cents: number): string => `−${money(cents)}`;

/** The discount's row: "Discount (SPRING-20)". */
export const discountTerm = (code: string | null | undefined): string =>
  code ? `Discount (${code})` : 'Discount';

/** The tax's row: "Tax (Sales tax 7.25%)" added on top, "Includes VAT 19%" inside the prices. */
export function taxTerm(label: string | null | undefined, inclusive: boolean): string {
  if (inclusive) return `Includes ${label ?? 'tax'}`;
  return label ? `Tax (${label})` : 'Tax';
}

/** The name and address as a label prints them; empty when the order has neither. */
export function addressLines(
  name: string | null,
  address: ShippingAddress | null,
): readonly string[] {
  const place = address
    ? [address.city, address.state, address.postal_code].filter(Boolean).join(' ')
    : '';
  const lines = [name, address?.line1, address?.line2, place, address?.country];
  return lines.filter((line): line is string => typeof line === 'string' && line.trim() !== '');
}

/** "Ship to" as one fact: the label's lines joined, so text and HTML both read as an address. */
export function shipToFact(
  name: string | null,
  address: ShippingAddress | null,
): (readonly [string, string])[] {
  const lines = addressLines(name, address);
  return lines.length > 0 ? [['Ship to', lines.join(', ')]] : [];
}

/** The button to the order history, where the shopper sees every order and its status. */
export function orderHistoryAction(siteUrl: string): MailBlock {
  return { action: { label: 'View your orders', url: shopLink(siteUrl, '/orderHistory') } };
}

/** Why the shopper got the mail. */
export const orderFooter = (orderNumber: string): string =>
  `You get this mail because you placed order ${orderNumber} at Keebshop. ` +
  'Quote the order number whenever you contact us about it.';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A day's parts from YYYY-MM-DD or an ISO timestamp (its UTC day): a window is days, not times. */
function dayOf(value: string): { year: string; monthDay: string } {
  const [year = '', month = '', day = ''] = value.slice(0, 10).split('-');
  return { year, monthDay: `${MONTHS[Number(month) - 1] ?? month} ${Number(day)}` };
}

/** "Jan 9, 2027", as the storefront writes prices: by hand, the same text on every machine. */
export function shortDate(value: string): string {
  const { year, monthDay } = dayOf(value);
  return `${monthDay}, ${year}`;
}

/** "Jan 9 and Jan 30, 2027", or with both years when they differ. */
export function dateSpan(from: string, by: string): string {
  const start = dayOf(from);
  return start.year === dayOf(by).year
    ? `${start.monthDay} and ${shortDate(by)}`
    : `${shortDate(from)} and ${shortDate(by)}`;
}
