import { objectOfKind } from './discount-rules.ts';
import {
  appliedDiscount,
  checkCode,
  findCode,
  refusalMessage,
  type CodeRefusal,
} from './discounts.ts';
import { invalidRequest, type StripeApiError } from './errors.ts';
import { randomAlnum } from './ids.ts';
import { codeText } from './messages.ts';
import { sessionAmounts } from './session-amounts.ts';
import type { SandboxState } from './state.ts';
import type {
  CouponRecord,
  PromotionCodeRecord,
  SessionDiscountRecord,
  SessionRecord,
} from './types.ts';
import type { DiscountRequest } from './validate-discounts.ts';

// A session's discount: the one named at create (discounts[0]), or the code a customer applies or
// removes on the hosted page. Either is checked with discounts.ts's rules when it is applied, and
// again, by redeem(), when the session is paid.

/** The session's copy of a coupon (and code), with the id and start its Discount object shows. */
export function sessionDiscount(
  promo: PromotionCodeRecord | null,
  coupon: CouponRecord,
  nowSeconds: number,
): SessionDiscountRecord {
  return { id: `di_${randomAlnum(24)}`, start: nowSeconds, ...appliedDiscount(promo, coupon) };
}

// Stripe's texts where the reference quotes them (§3.5); the others in the same style.
const CREATE_REFUSALS: Record<CodeRefusal, string> = {
  invalid: 'This promotion code is not active.',
  expired: 'This promotion code has expired.',
  used_up:
    'This promotion code cannot be redeemed because it has been used the maximum number of times.',
  first_time_only:
    'This promotion code cannot be redeemed because the associated customer has prior transactions.',
  minimum_amount:
    'This promotion code cannot be redeemed because the order does not meet its minimum amount.',
};

/** The discount `discounts[0]` names, checked as at payment; a 400 when it cannot be used. */
export async function resolveCreateDiscount(
  state: SandboxState,
  request: DiscountRequest,
  ctx: { sessionId: string; subtotal: number; email: string | null },
): Promise<SessionDiscountRecord> {
  const store = state.store;
  const nowSeconds = state.nowSeconds();
  let promo: PromotionCodeRecord | null = null;
  let coupon: CouponRecord | undefined;
  let param: string;
  if ('coupon' in request) {
    param = 'discounts[0][coupon]';
    coupon = await objectOfKind(store, request.coupon, 'coupon');
    if (!coupon || coupon.deleted) throw noSuch('coupon', request.coupon, param);
  } else {
    param = 'discounts[0][promotion_code]';
    promo = (await objectOfKind(store, request.promotionCode, 'promotion_code')) ?? null;
    if (!promo) throw noSuch('promotion code', request.promotionCode, param);
    coupon = await objectOfKind(store, promo.couponId, 'coupon');
    if (!coupon) throw noSuch('promotion code', request.promotionCode, param);
  }
  const priorPayment =
    promo?.firstTimeTransaction === true && ctx.email !== null
      ? await store.hasCompletedPayment(ctx.email, ctx.sessionId)
      : false;
  const refusal = checkCode(promo, coupon, { ...ctx, nowSeconds, priorPayment });
  if (refusal !== null && promo !== null) throw invalidRequest(CREATE_REFUSALS[refusal], param);
  if (refusal !== null) {
    const expired = refusal === 'expired';
    const message = expired
      ? 'This coupon has expired and can no longer be redeemed.'
      : refusal === 'used_up'
        ? 'This coupon cannot be redeemed because it has been used the maximum number of times.'
        : 'This coupon is not valid.';
    throw invalidRequest(message, param, expired ? 'coupon_expired' : undefined);
  }
  return sessionDiscount(promo, coupon, nowSeconds);
}

function noSuch(kind: string, id: string, param: string): StripeApiError {
  return invalidRequest(`No such ${kind}: '${id}'`, param, 'resource_missing');
}

/**
 * The hosted page's "Apply": the code the customer typed, checked now (first-time-only against
 * the session's email when it has one; at payment redeem() checks the email typed then). Null when
 * applied, else the text the code field shows.
 */
export async function applyCode(
  state: SandboxState,
  session: SessionRecord,
  text: string,
): Promise<string | null> {
  if (text.trim() === '') return codeText.missing;
  const found = await findCode(state.store, text);
  if (!found) return refusalMessage('invalid');
  const { promo, coupon } = found;
  const email = session.customerEmail;
  const priorPayment =
    promo.firstTimeTransaction && email !== null
      ? await state.store.hasCompletedPayment(email, session.id)
      : false;
  const refusal = checkCode(promo, coupon, {
    nowSeconds: state.nowSeconds(),
    subtotal: sessionAmounts(session).amount_subtotal,
    sessionId: session.id,
    email,
    priorPayment,
  });
  if (refusal !== null) return refusalMessage(refusal, promo.minimumAmount);
  await setDiscount(state, session.id, sessionDiscount(promo, coupon, state.nowSeconds()));
  return null;
}

/** The text a refusal at payment shows, with the code's minimum when that was the reason. */
export async function refusalText(
  state: SandboxState,
  discount: SessionDiscountRecord,
  refusal: CodeRefusal,
): Promise<string> {
  const promo = discount.promotionCodeId
    ? await objectOfKind(state.store, discount.promotionCodeId, 'promotion_code')
    : undefined;
  return refusalMessage(refusal, promo?.minimumAmount ?? null);
}

/**
 * Puts `discount` on an open session (null: takes it off), by compare-and-set on its revision;
 * no event, as on Stripe, where applying a code on the page sends none. A session no longer open
 * is left as it is.
 */
export async function setDiscount(
  state: SandboxState,
  id: string,
  discount: SessionDiscountRecord | null,
): Promise<void> {
  for (;;) {
    const session = await state.getSession(id);
    if (session?.status !== 'open') return;
    const next = { ...session, discount };
    next.amountTotal = sessionAmounts(next).amount_total;
    if (await state.revise(session, next, [], null)) return;
  }
}
