import { codeLive, couponRefusal } from './discount-rules.ts';
import type { CouponRecord, PromotionCodeRecord, TaxRateRecord } from './types.ts';

// Coupons, promotion codes and tax rates with every key of stripe-node 23's types (reference
// §1.2, §2.3, §4.1): nulls where the sandbox has nothing, includable keys (applies_to,
// currency_options) absent as Stripe leaves them unless expanded.

type Json = Record<string, unknown>;

export function renderCoupon(c: CouponRecord, nowSeconds: number): Json {
  return {
    id: c.id,
    object: 'coupon',
    amount_off: c.amountOff,
    created: c.created,
    currency: c.currency,
    duration: c.duration,
    duration_in_months: null,
    livemode: false,
    max_redemptions: c.maxRedemptions,
    metadata: c.metadata,
    name: c.name,
    percent_off: c.percentOff,
    redeem_by: c.redeemBy,
    times_redeemed: c.timesRedeemed,
    valid: couponRefusal(c, nowSeconds) === null,
  };
}

export function renderDeletedCoupon(id: string): Json {
  return { id, object: 'coupon', deleted: true };
}

/** With `expandCoupon` (expand[]=promotion.coupon) the coupon object instead of its id. */
export function renderPromotionCode(
  p: PromotionCodeRecord,
  coupon: CouponRecord | undefined,
  nowSeconds: number,
  expandCoupon = false,
): Json {
  return {
    id: p.id,
    object: 'promotion_code',
    // "Only active if the coupon is also valid"; a code past expires_at or used up is inactive
    // for good (reference §2.2).
    active: codeLive(p, coupon, nowSeconds),
    code: p.code,
    created: p.created,
    customer: null,
    customer_account: null,
    expires_at: p.expiresAt,
    livemode: false,
    max_redemptions: p.maxRedemptions,
    metadata: p.metadata,
    promotion: {
      coupon: expandCoupon && coupon ? renderCoupon(coupon, nowSeconds) : p.couponId,
      type: 'coupon',
    },
    restrictions: {
      first_time_transaction: p.firstTimeTransaction,
      minimum_amount: p.minimumAmount,
      minimum_amount_currency: p.minimumAmountCurrency,
    },
    times_redeemed: p.redemptions.length,
  };
}

export function renderTaxRate(t: TaxRateRecord): Json {
  return {
    id: t.id,
    object: 'tax_rate',
    active: t.active,
    country: t.country,
    created: t.created,
    description: t.description,
    display_name: t.displayName,
    // Null for a rate the owner made, as Stripe shows one: only Stripe Tax's rates have these.
    effective_percentage: null,
    flat_amount: null,
    inclusive: t.inclusive,
    jurisdiction: t.jurisdiction,
    jurisdiction_level: null,
    livemode: false,
    metadata: t.metadata,
    percentage: t.percentage,
    rate_type: null,
    state: t.state,
    tax_type: t.taxType,
  };
}
