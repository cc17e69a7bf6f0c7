// The orders export (docs/product.md, Back office): one CSV line per order, RFC 4180 quoting.
import { csvLines, CsvNumber } from '../../catalogue/csv-text.ts';
import type { Queryable } from '../db/types.ts';

export { csvField, csvLines, CsvNumber, type CsvCell } from '../../catalogue/csv-text.ts';

/**
 * The export's header line: what each column holds, money in dollars. Columns added later go at
 * the end, so a spreadsheet or script reading the earlier ones by position keeps working.
 */
export const CSV_HEADER = [
  'Order',
  'Placed at (UTC)',
  'Status',
  'Email',
  'Shipping name',
  'City',
  'Country',
  'Shipping method',
  'Subtotal (USD)',
  'Shipping (USD)',
  'Total (USD)',
  'Refunded (USD)',
  'Carrier',
  'Tracking number',
  'Discount code',
  'Discount (USD)',
  'Tax (USD)',
] as const;

interface ExportRow {
  order_number: string;
  placed_at: string;
  status: string;
  email: string | null;
  shipping_name: string | null;
  city: string | null;
  country: string | null;
  shipping_method: string | null;
  subtotal_cents: number;
  shipping_cents: number;
  total_cents: number;
  refunded_cents: number;
  carrier: string | null;
  tracking_number: string | null;
  discount_code: string | null;
  discount_cents: number;
  tax_cents: number;
}

/** Dollars only at the edge: exact text from integer cents. */
const dollars = (cents: number) => new CsvNumber((cents / 100).toFixed(2));

/** The orders placed from `from` to `to` (UTC dates, both included) as CSV with its header. */
export async function ordersCsv(db: Queryable, from: string, to: string): Promise<string> {
  const { rows } = await db.query<ExportRow>(
    `SELECT order_number,
       to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS placed_at,
       status, email, shipping_name, shipping_address ->> 'city' AS city,
       shipping_address ->> 'country' AS country, shipping_method, subtotal_cents,
       shipping_cents, total_cents, refunded_cents, carrier, tracking_number, discount_code,
       discount_cents, tax_cents
     FROM public.shop_orders
     WHERE created_at >= ($1::date::timestamp AT TIME ZONE 'UTC')
       AND created_at < (($2::date + 1)::timestamp AT TIME ZONE 'UTC')
     ORDER BY created_at, id`,
    [from, to],
  );
  const lines = rows.map((r) => [
    r.order_number,
    r.placed_at,
    r.status,
    r.email,
    r.shipping_name,
    r.city,
    r.country,
    r.shipping_method,
    dollars(r.subtotal_cents),
    dollars(r.shipping_cents),
    dollars(r.total_cents),
    dollars(r.refunded_cents),
    r.carrier,
    r.tracking_number,
    r.discount_code,
    dollars(r.discount_cents),
    // Added on top or inside the prices alike: what of the total was tax.
    dollars(r.tax_cents),
  ]);
  return csvLines([CSV_HEADER, ...lines]);
}
