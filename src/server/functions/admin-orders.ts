import type { Context, Handler } from 'hono';
import {
  adminCancelRequestSchema,
  adminDeliverRequestSchema,
  adminRefundRequestSchema,
  adminShipRequestSchema,
  type AdminActionAnswer,
} from '../../contracts/index.ts';
import type { AccessTokenClaims } from '../auth/claims.ts';
import {
  cancelOrder,
  deliverOrder,
  OrderError,
  refundOrder,
  shipOrder,
  type StaffActor,
} from '../orders/index.ts';
import { parseBody, type FunctionsDeps } from './context.ts';
import { orderFunctionError } from './errors.ts';
import type { WithPayments, WithStaff } from './guards.ts';

// The staff actions on one order (docs/product.md, Back office), each behind identifyCaller and
// requireStaff in app.ts; each answers {order} with the row after the change. Requests and answers
// are the contract's (src/contracts/functions/admin-actions.ts).

const actorOf = (staff: AccessTokenClaims): StaffActor => ({ id: staff.sub, email: staff.email });

/** The action's answer; a refusal of the order module answered as its catalogue code. */
async function answer(c: Context, action: Promise<AdminActionAnswer>) {
  try {
    return c.json(await action);
  } catch (err) {
    throw err instanceof OrderError ? orderFunctionError(err) : err;
  }
}

/** POST /functions/v1/admin-ship {orderNumber, carrier, trackingNumber}: paid → shipped. */
export function adminShipHandler(deps: FunctionsDeps): Handler<WithStaff> {
  return async function adminShip(c) {
    const body = await parseBody(c, adminShipRequestSchema);
    return answer(c, shipOrder(deps.db, actorOf(c.get('staff')), body, deps.siteUrl));
  };
}

/** POST /functions/v1/admin-deliver {orderNumber}: shipped → delivered. */
export function adminDeliverHandler(deps: FunctionsDeps): Handler<WithStaff> {
  return async function adminDeliver(c) {
    const body = await parseBody(c, adminDeliverRequestSchema);
    return answer(c, deliverOrder(deps.db, actorOf(c.get('staff')), body));
  };
}

/**
 * POST /functions/v1/admin-refund {orderNumber, amountCents, returnToStock?}: through the payment
 * provider; a full refund may put the items back into stock.
 */
export function adminRefundHandler(deps: FunctionsDeps): Handler<WithPayments & WithStaff> {
  return async function adminRefund(c) {
    const body = await parseBody(c, adminRefundRequestSchema);
    const stripe = c.get('payments').stripe;
    return answer(c, refundOrder(deps.db, stripe, actorOf(c.get('staff')), body, deps.siteUrl));
  };
}

/** POST /functions/v1/admin-cancel {orderNumber}: paid → cancelled, the rest refunded. */
export function adminCancelHandler(deps: FunctionsDeps): Handler<WithPayments & WithStaff> {
  return async function adminCancel(c) {
    const body = await parseBody(c, adminCancelRequestSchema);
    const stripe = c.get('payments').stripe;
    return answer(c, cancelOrder(deps.db, stripe, actorOf(c.get('staff')), body, deps.siteUrl));
  };
}
