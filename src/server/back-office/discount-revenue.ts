// What the shop's orders with each discount code took (docs/decisions/0050-discount-codes-and-
// sales-tax.md): the codes live at the provider, the orders here. Codes compare without case, as
// the provider compares them.
import type { Queryable } from '../db/types.ts';

export interface CodeRevenue {
  orders: number;
  /** What the orders took, less what was refunded. */
  revenueCents: number;
  /** What the code took off those orders. */
  discountCents: number;
}

export const NO_REVENUE: CodeRevenue = { orders: 0, revenueCents: 0, discountCents: 0 };

/** Each code's orders, by the code in capitals; only `code` when given. */
export async function revenueByCode(
  db: Queryable,
  code: string | null = null,
): Promise<Map<string, CodeRevenue>> {
  // Sums as text: the drivers read bigint differently, and a sum may pass 2^31.
  const { rows } = await db.query<{
    code: string;
    orders: string;
    revenue: string;
    discount: string;
  }>(
    `SELECT upper(discount_code) AS code, count(*)::text AS orders,
       sum(total_cents - refunded_cents)::text AS revenue, sum(discount_cents)::text AS discount
     FROM public.shop_orders
     WHERE discount_code IS NOT NULL AND ($1::text IS NULL OR upper(discount_code) = upper($1))
     GROUP BY upper(discount_code)`,
    [code],
  );
  return new Map(
    rows.map((r) => [
      r.code,
      {
        orders: Number(r.orders),
        revenueCents: Number(r.revenue),
        discountCents: Number(r.discount),
      },
    ]),
  );
}
