// Shared set-up for the data API's server tests: shoppers signed in through the real /auth/v1 with
// the official auth client, and orders written as the database owner (as fulfilment does).
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import type { TestServer } from '../../../tests/helpers/server.ts';
import { signUpThenIn } from '../auth/test-support.ts';

export interface Shopper {
  id: string;
  email: string;
  accessToken: string;
}

/** Signs a new shopper up and in with @supabase/auth-js; resolves their id and access token. */
export async function signUpShopper(server: TestServer, label = 'shopper'): Promise<Shopper> {
  const email = `${label}-${randomUUID().slice(0, 8)}@keebshop.test`;
  const session = await signUpThenIn(server.authClient(), email, 'correct horse battery');
  return { id: session.user.id, email, accessToken: session.access_token };
}

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
