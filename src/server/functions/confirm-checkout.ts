import type { Handler } from 'hono';
import {
  confirmCheckoutRequestSchema,
  type ConfirmCheckoutAnswer,
  type confirmCheckoutFunction,
} from '../../contracts/index.ts';
import { fulfilCheckout, type FulfilStatus } from '../orders/index.ts';
import { parseRequest, readJsonBody, type FunctionsDeps } from './context.ts';
import { functionError } from './errors.ts';
import type { WithCaller, WithPayments } from './guards.ts';

// Failures the caller may retry carry a 5xx, one the contract lists as still carrying the answer;
// every other outcome is a normal answer.
type RetryStatus = (typeof confirmCheckoutFunction.answerStatuses)[number];
const HTTP_STATUS: Partial<Record<FulfilStatus, RetryStatus>> = { error: 502, save_failed: 500 };

/**
 * POST /functions/v1/confirm-checkout {session_id}: the success page's flow on the server
 * (docs/product.md, Order confirmation). Signed in or not; answers the outcome the page shows a
 * message for.
 */
export function confirmCheckoutHandler(deps: FunctionsDeps): Handler<WithPayments & WithCaller> {
  return async function confirmCheckout(c) {
    const payments = c.get('payments');
    const caller = c.get('caller');
    const body = parseRequest(confirmCheckoutRequestSchema, await readJsonBody(c));
    if (!body.success) throw functionError('invalid_session_id');
    const outcome: ConfirmCheckoutAnswer = await fulfilCheckout({
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
