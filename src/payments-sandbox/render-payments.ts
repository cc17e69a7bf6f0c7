import { renderCardDetails } from './render-card.ts';
import type {
  PaymentIntentRecord,
  RefundRecord,
  SessionRecord,
  ShippingDetailsRecord,
  ShippingRateRecord,
} from './types.ts';

// Payment intents, their charge and refunds, and shipping rates, with every key of stripe-node
// 23's types (nulls where the sandbox has nothing), as render.ts does for sessions.

type Json = Record<string, unknown>;

/** Stripe's shipping shape on a charge or payment intent: name and address. */
function shippingOf(details: ShippingDetailsRecord): Json {
  const a = details.address;
  return {
    address: {
      city: a.city,
      country: a.country,
      line1: a.line1,
      line2: a.line2,
      postal_code: a.postal_code,
      state: a.state,
    },
    name: details.name,
  };
}

/** How much of the charge has been refunded so far. */
export function refundedAmount(pi: PaymentIntentRecord): number {
  return (pi.refunds ?? []).reduce((sum, r) => sum + r.amount, 0);
}

export function renderPaymentIntent(pi: PaymentIntentRecord, s: SessionRecord): Json {
  return {
    id: pi.id,
    object: 'payment_intent',
    allowed_payment_method_types: ['card'],
    amount: pi.amount,
    amount_capturable: 0,
    amount_received: pi.amount,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic_async',
    client_secret: null,
    confirmation_method: 'automatic',
    created: pi.created,
    currency: pi.currency,
    customer: null,
    customer_account: null,
    description: null,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: pi.chargeId ?? null,
    livemode: false,
    managed_payments: null,
    metadata: {},
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: ['card'],
    payment_record: null,
    processing: null,
    receipt_email: s.customerDetails?.email ?? null,
    review: null,
    setup_future_usage: null,
    shipping: s.shippingDetails
      ? { ...shippingOf(s.shippingDetails), carrier: null, phone: null, tracking_number: null }
      : null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'succeeded',
    transfer_data: null,
    transfer_group: null,
  };
}

/** The charge of a paid session's payment intent, with what has been refunded of it. */
export function renderCharge(pi: PaymentIntentRecord, s: SessionRecord): Json {
  const refunded = refundedAmount(pi);
  return {
    id: pi.chargeId,
    object: 'charge',
    amount: pi.amount,
    amount_captured: pi.amount,
    amount_refunded: refunded,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: null,
    billing_details: {
      address: null,
      email: s.customerDetails?.email ?? null,
      name: s.customerDetails?.name ?? null,
      phone: null,
      tax_id: null,
    },
    calculated_statement_descriptor: null,
    captured: true,
    created: pi.created,
    currency: pi.currency,
    customer: null,
    description: null,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: {},
    livemode: false,
    metadata: {},
    on_behalf_of: null,
    outcome: {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: 'approved_by_network',
      reason: null,
      risk_level: 'normal',
      seller_message: 'Payment complete.',
      type: 'authorized',
    },
    paid: true,
    payment_intent: pi.id,
    payment_method: null,
    payment_method_details: {
      card: renderCardDetails(pi),
      type: 'card',
    },
    receipt_email: s.customerDetails?.email ?? null,
    receipt_number: null,
    receipt_url: null,
    refunded: refunded >= pi.amount,
    review: null,
    shipping: s.shippingDetails
      ? { ...shippingOf(s.shippingDetails), carrier: null, phone: null, tracking_number: null }
      : null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'succeeded',
    transfer_data: null,
    transfer_group: null,
  };
}

export function renderRefund(r: RefundRecord, pi: PaymentIntentRecord): Json {
  return {
    id: r.id,
    object: 'refund',
    amount: r.amount,
    balance_transaction: null,
    charge: pi.chargeId ?? null,
    created: r.created,
    currency: pi.currency,
    customer: null,
    customer_account: null,
    destination_details: {
      card: {
        reference_status: 'pending',
        reference_type: 'acquirer_reference_number',
        type: 'refund',
      },
      type: 'card',
    },
    metadata: r.metadata,
    payment_intent: pi.id,
    payment_method: null,
    reason: r.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  };
}

export function renderShippingRate(rate: ShippingRateRecord): Json {
  return {
    id: rate.id,
    object: 'shipping_rate',
    active: true,
    created: rate.created,
    delivery_estimate: rate.deliveryEstimate,
    display_name: rate.displayName,
    fixed_amount: { amount: rate.amount, currency: rate.currency },
    livemode: false,
    metadata: rate.metadata,
    tax_behavior: rate.taxBehavior ?? 'unspecified',
    tax_code: rate.taxCode ?? null,
    type: 'fixed_amount',
  };
}
