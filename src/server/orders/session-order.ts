import type Stripe from 'stripe';
import type { ShippingAddress } from '../../contracts/index.ts';

/** The order a paid session becomes, besides its lines: contact, shipping, payment, code and tax. */
export interface OrderFacts {
  /** Whom to contact about the order: the checkout's email, if the provider has one. */
  email?: string | null | undefined;
  /** What shipping cost before tax (shipping_cost.amount_subtotal), cents; its tax is in taxCents. */
  shippingCents?: number;
  /** The chosen rate's display name ("Standard") and id (shr_...). */
  shippingMethod?: string | null;
  shippingRate?: string | null;
  shippingName?: string | null;
  shippingAddress?: ShippingAddress | null;
  /** The payment intent (pi_...): what refunds go through; none when nothing was charged. */
  paymentIntent?: string | null;
  /** The provider's amount_total: what was charged, and so the order's total. */
  amountTotalCents?: number | null;
  /** The promotion code the shopper typed ("SPRING-20"), else the coupon's name or id. */
  discountCode?: string | null;
  /** total_details.amount_discount: what the code took off the lines. */
  discountCents?: number;
  /** total_details.amount_tax: the tax on the lines and shipping, added or included. */
  taxCents?: number;
  /** The part of taxCents added on top of the prices (the rest was inside them). */
  addedTaxCents?: number;
  /** Whether all the tax was inside the prices (VAT) rather than added on top (US sales tax). */
  taxInclusive?: boolean;
  /** The rates as the shopper saw them: "CA sales tax 7.25%". */
  taxLabel?: string | null;
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

type Coupon = string | Stripe.Coupon | null | undefined;
const couponName = (coupon: Coupon) =>
  !coupon ? null : typeof coupon === 'string' ? coupon : coupon.name || coupon.id;

/**
 * The code the shopper typed: the promotion code (expanded as discounts.promotion_code), else the
 * coupon, whose name is known only when it is expanded. A session shows a code-applied discount
 * with coupon null, so the breakdown's discount source stands in for it.
 */
function discountCodeOf(session: Stripe.Checkout.Session): string | null {
  const breakdown = session.total_details?.breakdown?.discounts.map((d) => d.discount) ?? [];
  const applied = [...(session.discounts ?? []), ...breakdown];
  for (const discount of applied) {
    const promo = discount.promotion_code;
    if (promo && typeof promo !== 'string') return promo.code;
  }
  const coupon = session.discounts?.find((d) => d.coupon)?.coupon ?? breakdown.at(0)?.source.coupon;
  return couponName(coupon);
}

/** The tax facts of the breakdown's rates: only those that taxed something name the tax. */
function taxOf(session: Stripe.Checkout.Session) {
  const taxCents = session.total_details?.amount_tax ?? 0;
  const taxes = (session.total_details?.breakdown?.taxes ?? []).filter((t) => t.amount > 0);
  // Without the breakdown the rates are unknown: the tax is taken as added, as US sales tax is.
  if (taxes.length === 0) return { taxCents, addedTaxCents: taxCents, taxInclusive: false };
  const label = taxes.map((t) => `${t.rate.display_name} ${t.rate.percentage}%`).join(', ');
  return {
    taxCents,
    addedTaxCents: taxes.filter((t) => !t.rate.inclusive).reduce((sum, t) => sum + t.amount, 0),
    taxInclusive: taxes.every((t) => t.rate.inclusive),
    taxLabel: label,
  };
}

/**
 * Reads the order facts of a retrieved Checkout Session: the shipping details the hosted page
 * collected (collected_information.shipping_details), the shipping cost and its rate (expanded
 * for its display name), the payment intent, the email, the code, the discount and the tax
 * (discounts.promotion_code and total_details.breakdown expanded).
 */
export function orderFactsOf(session: Stripe.Checkout.Session): OrderFacts {
  const details = session.collected_information?.shipping_details;
  const cost = session.shipping_cost;
  const rate = cost?.shipping_rate;
  const address = details?.address;
  return {
    email: session.customer_details?.email ?? session.customer_email,
    shippingCents: cost?.amount_subtotal ?? session.total_details?.amount_shipping ?? 0,
    shippingMethod: rate && typeof rate !== 'string' ? rate.display_name : null,
    shippingRate: idOf(rate),
    shippingName: details?.name ?? null,
    shippingAddress: address
      ? {
          line1: address.line1 ?? null,
          line2: address.line2 ?? null,
          city: address.city ?? null,
          state: address.state ?? null,
          postal_code: address.postal_code ?? null,
          country: address.country ?? null,
        }
      : null,
    paymentIntent: idOf(session.payment_intent),
    amountTotalCents: session.amount_total,
    discountCode: discountCodeOf(session),
    discountCents: session.total_details?.amount_discount ?? 0,
    taxLabel: null,
    ...taxOf(session),
  };
}

/**
 * What the order's parts add up to: subtotal − discount + added tax + shipping, which the
 * provider's amount_total should equal (a difference is logged, not refused: it charged that).
 */
export function expectedTotalOf(subtotalCents: number, facts: OrderFacts): number {
  return (
    subtotalCents -
    (facts.discountCents ?? 0) +
    (facts.addedTaxCents ?? 0) +
    (facts.shippingCents ?? 0)
  );
}
