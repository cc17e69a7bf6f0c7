import type { Handler } from 'hono';
import { adminOrdersQuerySchema, type AdminOrdersAnswer } from '../../contracts/index.ts';
import { listOrders } from '../back-office/order-list.ts';
import { parseRequest, type FunctionsDeps } from './context.ts';
import { functionError } from './errors.ts';
import type { WithStaff } from './guards.ts';

/**
 * GET /functions/v1/admin-orders?status=&q=&offset=&limit=: a page of the orders list, newest
 * first, answering {orders, more} (docs/product.md, Back office). The query and the answer are the
 * contract's (src/contracts/functions/admin-orders.ts).
 */
export function adminOrderListHandler(deps: FunctionsDeps): Handler<WithStaff> {
  return async function adminOrderList(c) {
    const parsed = parseRequest(adminOrdersQuerySchema, {
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
    const answer: AdminOrdersAnswer = await listOrders(deps.db, {
      status: status ?? null,
      ...rest,
    });
    return c.json(answer);
  };
}
