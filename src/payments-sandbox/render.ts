import { invalidRequest } from './errors.ts';
import { renderLineItemList } from './render-line-items.ts';
import { renderPaymentIntent } from './render-payments.ts';
import {
  LINE_ITEM_TOTALS_EXPANDABLE,
  renderAutomaticTax,
  renderSessionDiscounts,
  renderShippingCost,
  renderTotalDetails,
  SESSION_TOTALS_EXPANDABLE,
  type ExpandedDiscount,
} from './render-totals.ts';
import { sessionAmounts } from './session-amounts.ts';
import { chosenRate } from './shipping.ts';
import type { SessionRecord } from './types.ts';

// The JSON clients see, with every key of stripe-node 23's types (nulls where the sandbox has
// nothing), so code written against the sandbox reads the same fields on real Stripe.

type Json = Record<string, unknown>;

/** Real Stripe includes only "the first handful" of line items when a session expands them. */
export const EXPANDED_LINE_ITEMS_LIMIT = 10;

const SESSION_EXPANDABLE = [
  'line_items',
  'line_items.data.price',
  'line_items.data.price.product',
  'payment_intent',
  'shipping_cost.shipping_rate',
  ...SESSION_TOTALS_EXPANDABLE,
];
const LINE_ITEMS_EXPANDABLE = ['data.price', 'data.price.product', ...LINE_ITEM_TOTALS_EXPANDABLE];

/** Refuses expand paths Stripe would refuse (or that the sandbox does not model). */
export function checkExpand(expand: string[], allowed: 'session' | 'line_items'): void {
  const list = allowed === 'session' ? SESSION_EXPANDABLE : LINE_ITEMS_EXPANDABLE;
  expand.forEach((path, i) => {
    if (!list.includes(path)) {
      throw invalidRequest(`This property cannot be expanded (${path}).`, `expand[${i}]`);
    }
  });
}

/** `expanded`: the objects of discounts.promotion_code / discounts.coupon, when expanded. */
export function renderSession(
  s: SessionRecord,
  baseUrl: string,
  expand: string[] = [],
  expanded: ExpandedDiscount = {},
): Json {
  const rate = chosenRate(s);
  const amounts = sessionAmounts(s);
  const session: Json = {
    id: s.id,
    object: 'checkout.session',
    adaptive_pricing: { enabled: false },
    after_expiration: null,
    allow_promotion_codes: s.allowPromotionCodes ?? null,
    allowed_payment_method_types: ['card'],
    amount_subtotal: amounts.amount_subtotal,
    amount_total: amounts.amount_total,
    automatic_tax: renderAutomaticTax(s),
    billing_address_collection: null,
    cancel_url: s.cancelUrl,
    client_reference_id: s.clientReferenceId,
    client_secret: null,
    collected_information: s.shippingDetails
      ? {
          business_name: null,
          individual_name: null,
          shipping_details: {
            address: {
              city: s.shippingDetails.address.city,
              country: s.shippingDetails.address.country,
              line1: s.shippingDetails.address.line1,
              line2: s.shippingDetails.address.line2,
              postal_code: s.shippingDetails.address.postal_code,
              state: s.shippingDetails.address.state,
            },
            name: s.shippingDetails.name,
          },
        }
      : null,
    consent: null,
    consent_collection: null,
    created: s.created,
    currency: s.currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer: null,
    customer_account: null,
    customer_creation: 'if_required',
    customer_details: s.customerDetails
      ? {
          address: null,
          business_name: null,
          email: s.customerDetails.email,
          individual_name: null,
          // A no-cost order asks for no name on a card: then it is the shipping name, or none.
          name: s.customerDetails.name || null,
          phone: null,
          tax_exempt: 'none',
          tax_ids: [],
        }
      : null,
    customer_email: s.customerEmail,
    discounts: renderSessionDiscounts(s, expanded),
    expires_at: s.expiresAt,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: s.metadata,
    mode: 'payment',
    origin_context: null,
    payment_intent: s.paymentIntent
      ? expand.includes('payment_intent')
        ? renderPaymentIntent(s.paymentIntent, s)
        : s.paymentIntent.id
      : null,
    payment_link: null,
    payment_method_collection: 'if_required',
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: ['card'],
    payment_status: s.paymentStatus,
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: s.allowedCountries
      ? { allowed_countries: s.allowedCountries }
      : null,
    shipping_cost: renderShippingCost(s, rate, amounts, expand),
    shipping_options: (s.shippingOptions ?? []).map((option) => ({
      shipping_amount: option.amount,
      shipping_rate: option.id,
    })),
    status: s.status,
    submit_type: null,
    subscription: null,
    success_url: s.successUrl,
    total_details: renderTotalDetails(s, amounts, expand),
    ui_mode: 'hosted_page',
    url: s.status === 'open' ? hostedPageUrl(baseUrl, s.id) : null,
    wallet_options: null,
  };
  if (expand.some((p) => p === 'line_items' || p.startsWith('line_items.'))) {
    const nested = expand
      .filter((p) => p.startsWith('line_items.'))
      .map((p) => p.slice('line_items.'.length));
    session.line_items = renderLineItemList(s, s.lineItems, nested, EXPANDED_LINE_ITEMS_LIMIT);
  }
  return session;
}

export function hostedPageUrl(baseUrl: string, id: string): string {
  return `${baseUrl}/c/pay/${id}`;
}
