import type { Handler } from 'hono';
import { z } from 'zod';
import { listOrders, ORDER_STATUSES } from '../back-office/order-list.ts';
import type { FunctionsDeps } from './context.ts';
import { functionError } from './errors.ts';
import type { WithStaff } from './guards.ts';

const query = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  q: z.string().max(200).default(''),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

/**
 * GET /functions/v1/admin-orders?status=&q=&offset=&limit=: a page of the orders list, newest
 * first, answering {orders, more} (docs/product.md, Back office).
 */
export function adminOrderListHandler(deps: FunctionsDeps): Handler<WithStaff> {
  return async function adminOrderList(c) {
    const parsed = query.safeParse({
      status: c.req.query('status') || undefined,
      q: c.req.query('q'),
      offset: c.req.query('offset'),
      limit: c.req.query('limit'),
    });
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
      throw functionError('invalid_request', problems.join('; '));
    }
    const { status, ...rest } = parsed.data;
    c.header('Cache-Control', 'no-store');
    return c.json(await listOrders(deps.db, { status: status ?? null, ...rest }));
  };
}
