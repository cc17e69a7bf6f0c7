import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { expectedTotalOf, orderFactsOf } from './session-order.ts';

// A paid session as Stripe retrieves it with shipping_cost.shipping_rate expanded (only the keys
// fulfilment reads; the discount and tax parts, below, typed whole as Stripe's).
const paid = {
  id: 'cs_test_1',
  amount_total: 14499,
  customer_details: { email: 'buyer@example.com' },
  customer_email: null,
  payment_intent: 'pi_test_1',
  collected_information: {
    shipping_details: {
      name: 'Ada Buyer',
      address: {
        line1: '1 Main St',
        line2: null,
        city: 'Springfield',
        state: 'IL',
        postal_code: '62701',
        country: 'US',
      },
    },
  },
  shipping_cost: {
    amount_subtotal: 1999,
    amount_tax: 0,
    amount_total: 1999,
    shipping_rate: { id: 'shr_test_1', object: 'shipping_rate', display_name: 'Express' },
  },
  total_details: { amount_discount: 0, amount_shipping: 1999, amount_tax: 0 },
} as unknown as Stripe.Checkout.Session;

describe('orderFactsOf', () => {
  it('reads the shipping details, cost, rate, payment intent and email', () => {
    expect(orderFactsOf(paid)).toEqual({
      email: 'buyer@example.com',
      shippingCents: 1999,
      shippingMethod: 'Express',
      shippingRate: 'shr_test_1',
      shippingName: 'Ada Buyer',
      shippingAddress: {
        line1: '1 Main St',
        line2: null,
        city: 'Springfield',
        state: 'IL',
        postal_code: '62701',
        country: 'US',
      },
      paymentIntent: 'pi_test_1',
      amountTotalCents: 14499,
      discountCode: null,
      discountCents: 0,
      taxCents: 0,
      addedTaxCents: 0,
      taxInclusive: false,
      taxLabel: null,
    });
  });

  it('keeps the rate id when it is not expanded, and reads a session without shipping', () => {
    const unexpanded = {
      ...paid,
      shipping_cost: { ...paid.shipping_cost, shipping_rate: 'shr_test_2' },
    } as Stripe.Checkout.Session;
    expect(orderFactsOf(unexpanded)).toMatchObject({
      shippingMethod: null,
      shippingRate: 'shr_test_2',
    });
    const none = {
      ...paid,
      collected_information: null,
      shipping_cost: null,
      total_details: null,
      payment_intent: null,
    } as unknown as Stripe.Checkout.Session;
    expect(orderFactsOf(none)).toMatchObject({
      shippingCents: 0,
      shippingMethod: null,
      shippingRate: null,
      shippingName: null,
      shippingAddress: null,
      paymentIntent: null,
    });
  });
});

// The parts of a session a code and tax make, as the SDK types them, so the facts read exactly the
// fields Stripe sends (stripe-discounts-tax-events.md, sections 3 and 4).
function taxRate(display_name: string, percentage: number, inclusive: boolean): Stripe.TaxRate {
  return {
    id: `txr_${display_name.replace(/\W/g, '')}`,
    object: 'tax_rate',
    active: true,
    country: inclusive ? 'DE' : 'US',
    created: 1795254905,
    description: null,
    display_name,
    effective_percentage: percentage,
    flat_amount: null,
    inclusive,
    jurisdiction: null,
    jurisdiction_level: null,
    livemode: false,
    metadata: {},
    percentage,
    rate_type: 'percentage',
    state: inclusive ? null : 'CA',
    tax_type: inclusive ? 'vat' : 'sales_tax',
  };
}

const PROMO: Stripe.PromotionCode = {
  id: 'promo_1',
  object: 'promotion_code',
  active: true,
  code: 'SPRING-20',
  created: 1795254905,
  customer: null,
  customer_account: null,
  expires_at: null,
  livemode: false,
  max_redemptions: null,
  metadata: {},
  promotion: { type: 'coupon', coupon: 'SPRING20' },
  restrictions: {
    first_time_transaction: false,
    minimum_amount: null,
    minimum_amount_currency: null,
  },
  times_redeemed: 0,
};

function discount(promotion_code: Stripe.Discount['promotion_code']): Stripe.Discount {
  return {
    id: 'di_1',
    object: 'discount',
    checkout_session: 'cs_test_1',
    customer: null,
    customer_account: null,
    end: null,
    invoice: null,
    invoice_item: null,
    promotion_code,
    source: { type: 'coupon', coupon: 'SPRING20' },
    start: 1795254905,
    subscription: null,
    subscription_item: null,
  };
}

const tax = (
  amount: number,
  rate: Stripe.TaxRate,
): Stripe.Checkout.Session.TotalDetails.Breakdown.Tax => ({
  amount,
  rate,
  taxability_reason: null,
  taxable_amount: null,
});

/**
 * $125.00 of lines, SPRING-20 taking $25.00, Express at $19.99 and `taxes` on the lines: what the
 * sandbox (and Stripe) retrieves with discounts.promotion_code and total_details.breakdown.
 */
function coded(
  taxes: Stripe.Checkout.Session.TotalDetails.Breakdown.Tax[],
  amountTotal: number,
  promotion: Stripe.Discount['promotion_code'] = PROMO,
): Stripe.Checkout.Session {
  const taxCents = taxes.reduce((sum, t) => sum + t.amount, 0);
  const details: Stripe.Checkout.Session.TotalDetails = {
    amount_discount: 2500,
    amount_shipping: 1999,
    amount_tax: taxCents,
    breakdown: { discounts: [{ amount: 2500, discount: discount(promotion) }], taxes },
  };
  const discounts: Stripe.Checkout.Session.Discount[] = [
    { coupon: null, promotion_code: promotion },
  ];
  return {
    ...paid,
    amount_subtotal: 12500,
    amount_total: amountTotal,
    discounts,
    total_details: details,
  } as Stripe.Checkout.Session;
}

describe('orderFactsOf with a code and tax', () => {
  it('reads the typed code, the discount and sales tax added on top, with its rate', () => {
    // 7.25% of the $100.00 left after the code: $7.25.
    const session = coded([tax(725, taxRate('Sales tax', 7.25, false))], 12500 - 2500 + 725 + 1999);
    const facts = orderFactsOf(session);
    expect(facts).toMatchObject({
      discountCode: 'SPRING-20',
      discountCents: 2500,
      taxCents: 725,
      addedTaxCents: 725,
      taxInclusive: false,
      taxLabel: 'Sales tax 7.25%',
      shippingCents: 1999,
      amountTotalCents: 12724,
    });
    expect(expectedTotalOf(12500, facts)).toBe(12724);
  });

  it('reads VAT inside the prices as included, not added to the total', () => {
    // 19% inside the $100.00 left: round(10000 × 19 / 119) = $15.97, already in the price.
    const session = coded([tax(1597, taxRate('VAT', 19, true))], 12500 - 2500 + 1999);
    const facts = orderFactsOf(session);
    expect(facts).toMatchObject({
      taxCents: 1597,
      addedTaxCents: 0,
      taxInclusive: true,
      taxLabel: 'VAT 19%',
    });
    expect(expectedTotalOf(12500, facts)).toBe(11999);
  });

  it('names every rate that taxed something, and is not inclusive when one rate adds', () => {
    const session = coded(
      [
        tax(600, taxRate('CA sales tax', 6, false)),
        tax(125, taxRate('City tax', 1.25, false)),
        tax(0, taxRate('County tax', 0.5, false)),
      ],
      12724,
    );
    expect(orderFactsOf(session)).toMatchObject({
      taxCents: 725,
      taxLabel: 'CA sales tax 6%, City tax 1.25%',
      taxInclusive: false,
    });
  });

  it('takes shipping before its tax: the shipping tax is in the tax', () => {
    const session = coded([tax(870, taxRate('Sales tax', 7.25, false))], 12500 - 2500 + 870 + 1999);
    const withShippingTax = {
      ...session,
      shipping_cost: { ...session.shipping_cost, amount_tax: 145, amount_total: 2144 },
    } as Stripe.Checkout.Session;
    const facts = orderFactsOf(withShippingTax);
    expect(facts.shippingCents).toBe(1999);
    expect(expectedTotalOf(12500, facts)).toBe(withShippingTax.amount_total);
  });

  it("falls back to the coupon's name, then its id, when the promotion code is not expanded", () => {
    expect(orderFactsOf(coded([], 11999, 'promo_1')).discountCode).toBe('SPRING20');
    const named = {
      ...coded([], 11999, null),
      discounts: [
        {
          coupon: { id: 'SPRING20', object: 'coupon', name: 'Spring 20%' } as Stripe.Coupon,
          promotion_code: null,
        },
      ],
    } as Stripe.Checkout.Session;
    expect(orderFactsOf(named).discountCode).toBe('Spring 20%');
  });

  it('reads a session discounted to nothing, which has no payment intent', () => {
    const free = {
      ...coded([], 0),
      amount_total: 0,
      payment_intent: null,
      payment_status: 'no_payment_required',
    } as Stripe.Checkout.Session;
    expect(orderFactsOf(free)).toMatchObject({ paymentIntent: null, amountTotalCents: 0 });
  });
});
