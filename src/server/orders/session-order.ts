import type Stripe from 'stripe';
import type { ShippingAddress } from '../../contracts/index.ts';

/** The order a paid session becomes, besides its lines: contact, shipping and payment. */
export interface OrderFacts {
  /** Whom to contact about the order: the checkout's email, if the provider has one. */
  email?: string | null | undefined;
  /** What the shopper paid for shipping (shipping_cost.amount_total), cents. */
  shippingCents?: number;
  /** The chosen rate's display name ("Standard") and id (shr_...). */
  shippingMethod?: string | null;
  shippingRate?: string | null;
  shippingName?: string | null;
  shippingAddress?: ShippingAddress | null;
  /** The payment intent (pi_...): what refunds go through. */
  paymentIntent?: string | null;
  /** The provider's amount_total, which subtotal + shipping should equal (checked, logged). */
  amountTotalCents?: number | null;
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * Reads the order facts of a retrieved Checkout Session: the shipping details the hosted page
 * collected (collected_information.shipping_details), the shipping cost and its rate (expanded
 * for its display name), the payment intent and the email.
 */
export function orderFactsOf(session: Stripe.Checkout.Session): OrderFacts {
  const details = session.collected_information?.shipping_details;
  const cost = session.shipping_cost;
  const rate = cost?.shipping_rate;
  const address = details?.address;
  return {
    email: session.customer_details?.email ?? session.customer_email,
    shippingCents: cost?.amount_total ?? session.total_details?.amount_shipping ?? 0,
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
  };
}
