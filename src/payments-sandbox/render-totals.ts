import type { Amounts, LineAmounts, TaxAmount } from './amounts.ts';
import { objectOfKind } from './discount-rules.ts';
import { renderCoupon, renderPromotionCode, renderTaxRate } from './render-discounts.ts';
import { renderShippingRate } from './render-payments.ts';
import { taxLocated } from './session-amounts.ts';
import type { SandboxStore } from './storage.ts';
import type { SessionRecord, ShippingRateRecord, TaxRateRecord } from './types.ts';

// A session's discount and tax on the wire (reference §3.2–3.4, §4.3): the session's totals and
// their breakdown, its discounts, automatic_tax, shipping_cost, and each line item's amounts.

type Json = Record<string, unknown>;

/** What `discounts.promotion_code` and `discounts.coupon` expand to, read by the API route. */
export type ExpandedDiscount = { promotionCode?: Json; coupon?: Json };

export const SESSION_TOTALS_EXPANDABLE = [
  'total_details.breakdown',
  'discounts.promotion_code',
  'discounts.coupon',
  'line_items.data.discounts',
  'line_items.data.taxes',
];
export const LINE_ITEM_TOTALS_EXPANDABLE = ['data.discounts', 'data.taxes'];

/** The objects the session's expand asks for; the render itself reads no store. */
export async function expandedDiscount(
  store: SandboxStore,
  s: SessionRecord,
  expand: string[],
  nowSeconds: number,
): Promise<ExpandedDiscount> {
  const d = s.discount;
  const out: ExpandedDiscount = {};
  if (!d) return out;
  if (d.promotionCodeId && expand.includes('discounts.promotion_code')) {
    const promo = await objectOfKind(store, d.promotionCodeId, 'promotion_code');
    const coupon = await objectOfKind(store, d.couponId, 'coupon');
    if (promo) out.promotionCode = renderPromotionCode(promo, coupon, nowSeconds);
  }
  if (!d.promotionCodeId && expand.includes('discounts.coupon')) {
    const coupon = await objectOfKind(store, d.couponId, 'coupon');
    if (coupon) out.coupon = renderCoupon(coupon, nowSeconds);
  }
  return out;
}

/** Stripe's Discount object (§3.4); it exists only inside a session, so its id is the session's. */
function renderDiscount(s: SessionRecord): Json {
  const d = s.discount!;
  return {
    id: d.id,
    object: 'discount',
    checkout_session: s.id,
    customer: null,
    customer_account: null,
    end: null,
    invoice: null,
    invoice_item: null,
    promotion_code: d.promotionCodeId,
    source: { coupon: d.couponId, type: 'coupon' },
    start: d.start,
    subscription: null,
    subscription_item: null,
  };
}

/**
 * `discounts`: [] without one. A code the customer applied shows as its promotion code with
 * `coupon: null`, as Stripe's payloads do (§3.2); its coupon is in the breakdown's Discount.
 */
export function renderSessionDiscounts(s: SessionRecord, expanded: ExpandedDiscount): Json[] {
  const d = s.discount;
  if (!d) return [];
  if (d.promotionCodeId) {
    return [{ coupon: null, promotion_code: expanded.promotionCode ?? d.promotionCodeId }];
  }
  return [{ coupon: expanded.coupon ?? d.couponId, promotion_code: null }];
}

/** A tax as Stripe lists it; the rate shows whether this tax was inside the price. */
function renderTax(t: TaxAmount<TaxRateRecord>): Json {
  return {
    amount: t.amount,
    rate: { ...renderTaxRate(t.rate), inclusive: t.inclusive },
    taxability_reason: null,
    taxable_amount: t.taxableAmount,
  };
}

export function renderTotalDetails(
  s: SessionRecord,
  a: Amounts<TaxRateRecord>,
  expand: string[],
): Json {
  const details: Json = {
    amount_discount: a.amount_discount,
    amount_shipping: a.amount_shipping,
    amount_tax: a.amount_tax,
  };
  if (expand.includes('total_details.breakdown')) {
    details.breakdown = {
      discounts: s.discount ? [{ amount: a.amount_discount, discount: renderDiscount(s) }] : [],
      taxes: a.taxes.map(renderTax),
    };
  }
  return details;
}

/** Automatic tax waits for the shipping address (the only address the sandbox's page asks). */
export function renderAutomaticTax(s: SessionRecord): Json {
  if (!s.automaticTax) return { enabled: false, liability: null, provider: null, status: null };
  return {
    enabled: true,
    liability: { type: 'self' },
    provider: 'stripe',
    status: taxLocated(s) ? 'complete' : 'requires_location_inputs',
  };
}

export function renderShippingCost(
  s: SessionRecord,
  rate: ShippingRateRecord | undefined,
  a: Amounts<TaxRateRecord>,
  expand: string[],
): Json | null {
  if (!rate) return null;
  return {
    amount_subtotal: a.shipping.amount_subtotal,
    amount_tax: a.shipping.amount_tax,
    amount_total: a.shipping.amount_total,
    shipping_rate: expand.includes('shipping_cost.shipping_rate')
      ? renderShippingRate(rate)
      : rate.id,
    // Only where tax is computed at all, so sessions without it look as they always did.
    ...(s.automaticTax ? { taxes: a.shipping.taxes.map(renderTax) } : {}),
  };
}

/** A line item's amounts, with `discounts` and `taxes` when expanded (data.discounts, data.taxes). */
export function renderLineAmounts(
  s: SessionRecord,
  line: LineAmounts<TaxRateRecord>,
  expand: string[],
): Json {
  return {
    amount_discount: line.amount_discount,
    amount_subtotal: line.amount_subtotal,
    amount_tax: line.amount_tax,
    amount_total: line.amount_total,
    ...(expand.includes('data.discounts')
      ? {
          discounts: s.discount
            ? [{ amount: line.amount_discount, discount: renderDiscount(s) }]
            : [],
        }
      : {}),
    ...(expand.includes('data.taxes') ? { taxes: line.taxes.map(renderTax) } : {}),
  };
}
