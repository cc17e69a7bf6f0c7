import type { Handler } from 'hono';
import { adminOrdersCsvQuerySchema } from '../../contracts/index.ts';
import { ordersCsv } from '../back-office/csv.ts';
import { parseRequest, type FunctionsDeps } from './context.ts';
import { functionError } from './errors.ts';
import type { WithStaff } from './guards.ts';

/**
 * GET /functions/v1/admin-orders-csv?from=YYYY-MM-DD&to=YYYY-MM-DD: the orders placed on those
 * UTC dates, both included, as a CSV attachment (docs/product.md, Back office).
 */
export function adminOrdersCsvHandler(deps: FunctionsDeps): Handler<WithStaff> {
  return async function adminOrdersCsv(c) {
    const parsed = parseRequest(adminOrdersCsvQuerySchema, {
      from: c.req.query('from'),
      to: c.req.query('to'),
    });
    if (!parsed.success) {
      const problems = parsed.error.issues.map(
        (i) =>
          `${i.path.join('.')}: ${i.path.length && i.code !== 'custom' ? 'a date YYYY-MM-DD is required' : i.message}`,
      );
      throw functionError('invalid_request', problems.join('; '));
    }
    const { from, to } = parsed.data;
    const body = await ordersCsv(deps.db, from, to);
    return c.body(body, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="orders-${from}-${to}.csv"`,
      'Cache-Control': 'no-store',
    });
  };
}
