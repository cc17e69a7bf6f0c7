import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { orderFactsOf } from './session-order.ts';

// A paid session as Stripe retrieves it with shipping_cost.shipping_rate expanded (only the keys
// fulfilment reads).
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
