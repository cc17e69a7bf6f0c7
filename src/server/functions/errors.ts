import type { FunctionError, FunctionErrorExtra } from '../../contracts/index.ts';
import { HttpError } from '../http/errors.ts';
// Types only: the order module loads with the routes, not with whatever reads this catalogue.
import type { OrderError, OrderErrorCode } from '../orders/index.ts';

/**
 * Every error code /functions/v1 answers with, its HTTP status and, where it never varies, its
 * message. The body is the contract's functionErrorSchema (src/contracts/functions/error.ts):
 * `{error: code, message}`, plus the provider's `type` for stripe_ codes.
 */
export const FUNCTION_ERRORS = {
  bad_json: { status: 400, message: 'The request body must be JSON.' },
  // The caller's API key or token (the message is auth's: ApiKeyError, AccessTokenError).
  no_api_key: { status: 401 },
  invalid_api_key: { status: 401 },
  bad_jwt: { status: 401 },
  user_not_found: { status: 401 },
  session_not_found: { status: 401 },
  not_signed_in: { status: 401, message: 'Please log in to check out.' },
  // The cart rule the checkout broke (orders/cart.ts says which).
  invalid_cart: { status: 400 },
  invalid_session_id: {
    status: 400,
    message: 'session_id must be a Checkout Session id (cs_test_... or cs_live_...).',
  },
  // The provider refused: its own message; invalid data is the shopper's, anything else a 502.
  stripe_invalid_request: { status: 400 },
  stripe_error: { status: 502 },
  // A webhook delivery: the SDK's signature message, or an event without a session.
  invalid_signature: { status: 400 },
  invalid_event: { status: 400, message: 'The event carries no session id.' },
  // The back office (docs/product.md, Back office): staff only; the order and its status.
  not_staff: { status: 403, message: 'This action is for staff only.' },
  invalid_request: { status: 400 },
  order_not_found: { status: 404 },
  invalid_transition: { status: 409 },
  // The provider turned the refund down (its reason in the message, its code as `reason`), or
  // could not be reached or failed.
  refund_refused: { status: 409 },
  refund_failed: { status: 502 },
  // Discount codes and tax rates, kept at the provider: a code's text already in use by an active
  // code, and an id the provider does not know (the provider's messages).
  code_taken: { status: 409 },
  discount_not_found: { status: 404 },
  tax_rate_not_found: { status: 404 },
  payments_unavailable: { status: 503, message: 'Payments are not available on this server.' },
} as const satisfies Record<string, { status: number; message?: string }>;

export type FunctionErrorCode = keyof typeof FUNCTION_ERRORS;

/** The codes whose message is fixed in the catalogue. */
type CodeWithMessage = {
  [C in FunctionErrorCode]: (typeof FUNCTION_ERRORS)[C] extends { message: string } ? C : never;
}[FunctionErrorCode];

/**
 * The error a handler throws: `functionError('not_signed_in')`, or with the message (and extra
 * fields, e.g. the provider's `type`) for codes whose message depends on the request.
 */
export function functionError(code: CodeWithMessage): HttpError;
export function functionError(
  code: FunctionErrorCode,
  message: string,
  extra?: FunctionErrorExtra,
): HttpError;
export function functionError(
  code: FunctionErrorCode,
  message?: string,
  extra: FunctionErrorExtra = {},
): HttpError {
  const entry: { status: number; message?: string } = FUNCTION_ERRORS[code];
  const body = { error: code, ...extra, message: message ?? entry.message ?? code };
  return new HttpError(entry.status, body satisfies FunctionError);
}

/** The answer to each refusal of the order lifecycle (src/server/orders/errors.ts). */
const ORDER_ERROR_CODES = {
  order_not_found: 'order_not_found',
  invalid_transition: 'invalid_transition',
  invalid_refund_amount: 'invalid_request',
  refund_refused: 'refund_refused',
  refund_failed: 'refund_failed',
} as const satisfies Record<OrderErrorCode, FunctionErrorCode>;

/** An order action's refusal as /functions/v1 answers it: its code's status, its own message. */
export function orderFunctionError(err: OrderError): HttpError {
  return functionError(ORDER_ERROR_CODES[err.code], err.message, { ...err.details });
}
