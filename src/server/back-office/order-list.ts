// The back office's order list (docs/product.md, Back office page): newest first, a page at a
// time, filtered by status and searched by order number, email or shipping name, any case.
import type { AdminOrdersAnswer, OrderStatus } from '../../contracts/index.ts';
import type { Queryable } from '../db/types.ts';
import { staffOrderOf } from '../orders/index.ts';

export interface OrderListQuery {
  status: OrderStatus | null;
  /** An order number or its start ("KS-10", "10042"), else part of the email or shipping name. */
  q: string;
  offset: number;
  limit: number;
}

/** LIKE's own wildcards typed by staff are data. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** What a search looks for: an order number's start, or text inside the email or shipping name. */
export function searchPattern(q: string): { number: string } | { text: string } | null {
  const text = q.trim();
  if (!text) return null;
  const number = /^(?:ks-?)?(\d*)$/i.exec(text);
  if (number && (number[1] || /^ks-?$/i.test(text))) return { number: `KS-${number[1]}%` };
  return { text: `%${likeLiteral(text)}%` };
}

/** One page of orders as the data API shows their rows, and whether more follow. */
export async function listOrders(db: Queryable, query: OrderListQuery): Promise<AdminOrdersAnswer> {
  const search = searchPattern(query.q);
  const { rows } = await db.query<{ order: string }>(
    `SELECT to_json(s)::text AS order FROM public.shop_orders s
     WHERE ($1::text IS NULL OR s.status = $1)
       AND ($2::text IS NULL OR s.order_number ILIKE $2)
       AND ($3::text IS NULL OR s.email ILIKE $3 OR s.shipping_name ILIKE $3)
     ORDER BY s.created_at DESC, s.id DESC
     LIMIT $4 OFFSET $5`,
    [
      query.status,
      search && 'number' in search ? search.number : null,
      search && 'text' in search ? search.text : null,
      query.limit + 1,
      query.offset,
    ],
  );
  const orders = rows.map((row) => staffOrderOf(row.order));
  return { orders: orders.slice(0, query.limit), more: orders.length > query.limit };
}
