import type { Handler } from 'hono';
import { z } from 'zod';
import { fulfilCheckout, type FulfilStatus } from '../orders/index.ts';
import { readJsonBody, type FunctionsDeps } from './context.ts';
import { functionError } from './errors.ts';
import type { WithCaller, WithPayments } from './guards.ts';

const bodySchema = z.object({
  session_id: z.string().regex(/^cs_(test|live)_[A-Za-z0-9]{1,200}$/),
  /** Check the session without saving (the page's "Order verified" step). */
  verify_only: z.boolean().optional(),
});

// Failures the caller may retry carry a 5xx; every other outcome is a normal answer.
const HTTP_STATUS: Partial<Record<FulfilStatus, 500 | 502>> = { error: 502, save_failed: 500 };

/**
 * POST /functions/v1/confirm-checkout {session_id}: the success page's flow on the server
 * (docs/product.md, Order confirmation). Signed in or not; answers the outcome the page shows a
 * message for.
 */
export function confirmCheckoutHandler(deps: FunctionsDeps): Handler<WithPayments & WithCaller> {
  return async function confirmCheckout(c) {
    const payments = c.get('payments');
    const caller = c.get('caller');
    const body = bodySchema.safeParse(await readJsonBody(c));
    if (!body.success) throw functionError('invalid_session_id');
    const outcome = await fulfilCheckout({
      db: deps.db,
      stripe: payments.stripe,
      logger: deps.logger,
      sessionId: body.data.session_id,
      signedInUserId: caller.role === 'authenticated' ? caller.claims.sub : undefined,
      verifyOnly: body.data.verify_only ?? false,
      siteUrl: deps.siteUrl,
    });
    return c.json(outcome, HTTP_STATUS[outcome.status] ?? 200);
  };
}
