// Orders as the database owner sees and writes them (row-level security does not apply): what
// fulfilment records, and what a test checks really happened.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import { withBodies, type QueuedMail } from './auth-mail.ts';

export interface SeedOrder {
  product_name: string;
  selected_color?: string;
  quantity?: number;
  price?: string;
  product_key?: string;
  created_at?: string;
}

/** Writes orders for a user directly, as the server's fulfilment does (clients cannot insert). */
export async function seedOrders(
  db: Queryable,
  userId: string,
  orders: SeedOrder[],
): Promise<void> {
  const session = `cs_test_${randomUUID()}`;
  for (const [i, o] of orders.entries()) {
    await db.query(
      `INSERT INTO public.orders (user_id, product_name, selected_color, quantity, price,
         checkout_session_id, line_number, product_key, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, coalesce($9::timestamptz, now()))`,
      [
        userId,
        o.product_name,
        o.selected_color ?? 'Black',
        o.quantity ?? 1,
        o.price ?? '129.99',
        session,
        i,
        o.product_key ?? 'keyboards:1',
        o.created_at ?? null,
      ],
    );
  }
}

/** How many rows a table has, counted as the owner (RLS does not apply). */
export async function rowCount(db: Queryable, table: 'orders' | 'reviews'): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM public.${table}`);
  return Number(rows[0]?.n);
}

export interface OrderRow {
  user_id: string;
  product_name: string;
  selected_color: string;
  quantity: number;
  price: string;
  line_number: number;
  product_key: string;
}

/** The order lines fulfilment recorded for one checkout session, in line order. */
export async function ordersOf(db: Queryable, sessionId: string): Promise<OrderRow[]> {
  const { rows } = await db.query<OrderRow>(
    `SELECT user_id, product_name, selected_color, quantity, price::text AS price, line_number, product_key
     FROM public.orders WHERE checkout_session_id = $1 ORDER BY line_number`,
    [sessionId],
  );
  return rows;
}

/** Every order row as the owner sees it: taken before and after an attempt, to prove it changed nothing. */
export async function allOrders(db: Queryable) {
  const { rows } = await db.query(
    'SELECT id, user_id, product_name, quantity, price::text AS price FROM public.orders ORDER BY id',
  );
  return rows;
}

/** The mails queued about order `orderNumber` (its number in the subject), oldest first. */
export async function orderMailsOf(db: Queryable, orderNumber: string): Promise<QueuedMail[]> {
  const { rows } = await db.query<QueuedMail & { data: string | null }>(
    `SELECT kind, recipient, subject, text_body, html_body, data::text AS data
     FROM keebshop.mail_outbox
     WHERE subject LIKE '%' || $1 || '%' ORDER BY id`,
    [orderNumber],
  );
  const exact = new RegExp(`${orderNumber.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\d)`);
  return rows.filter((row) => exact.test(row.subject)).map(withBodies);
}
