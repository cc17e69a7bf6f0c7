// What the sandbox keeps in its store. The wire shapes Stripe clients see are built in render.ts.

export type LineItemRecord = {
  id: string;
  priceId: string;
  productId: string;
  name: string;
  productDescription: string | null;
  productMetadata: Record<string, string>;
  metadata: Record<string, string> | null;
  currency: 'usd';
  unitAmount: number;
  quantity: number;
};

/** A refund of a payment intent's charge; the sandbox refunds at once, so it has succeeded. */
export type RefundRecord = {
  id: string;
  created: number;
  amount: number;
  reason: 'duplicate' | 'fraudulent' | 'requested_by_customer' | null;
  metadata: Record<string, string>;
};

/** What the sandbox knows of the card that paid (absent on records kept before it was kept). */
export type CardRecord = {
  expMonth: number;
  expYear: number;
  /** Stable per card number, as Stripe's: 16 letters and digits. */
  fingerprint: string;
  /** The number's first six digits. */
  iin: string;
};

export type PaymentIntentRecord = {
  id: string;
  created: number;
  amount: number;
  currency: 'usd';
  cardBrand: string;
  cardLast4: string;
  card?: CardRecord;
  /** The one charge (ch_...); absent on records kept before charges were modelled. */
  chargeId?: string;
  /** Oldest first. */
  refunds?: RefundRecord[];
};

export type DeliveryBound = { unit: string; value: number };

/** A fixed-amount shipping rate made from a session's shipping_rate_data. */
export type ShippingRateRecord = {
  id: string;
  created: number;
  displayName: string;
  amount: number;
  currency: 'usd';
  deliveryEstimate: { minimum: DeliveryBound | null; maximum: DeliveryBound | null } | null;
  metadata: Record<string, string>;
};

/** Stripe's Address, as the hosted page collects it. */
export type AddressRecord = {
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  postal_code: string;
  country: string;
};

export type ShippingDetailsRecord = { name: string; address: AddressRecord };

export type CustomerDetailsRecord = { email: string; name: string };

export type SessionStatus = 'open' | 'complete' | 'expired';

/** A reference to an event the session caused; lets a restart recreate one lost before its write. */
export type EventRef = { id: string; type: string; created: number; refundId?: string };

export type SessionRecord = {
  id: string;
  created: number;
  expiresAt: number;
  status: SessionStatus;
  paymentStatus: 'unpaid' | 'paid';
  currency: 'usd';
  amountTotal: number;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string | null;
  clientReferenceId: string | null;
  customerEmail: string | null;
  lineItems: LineItemRecord[];
  paymentIntent: PaymentIntentRecord | null;
  customerDetails: CustomerDetailsRecord | null;
  events: EventRef[];
  /**
   * Bumped by every change after the session is stored; refunds change a complete session, so
   * their compare-and-set is on this (absent = 0, as on records kept before it existed).
   */
  revision?: number;
  /** Shipping, when the session was created with it (absent on older records: none). */
  allowedCountries?: string[] | null;
  shippingOptions?: ShippingRateRecord[];
  /** The chosen rate: the first option until the customer picks another on the hosted page. */
  shippingRateId?: string | null;
  shippingDetails?: ShippingDetailsRecord | null;
};

export type StripeEvent = {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
};

/** Delivery state of one event to the configured endpoint; times are wall-clock milliseconds. */
export type DeliveryState = {
  attempts: number;
  nextAttemptAt: number;
  deliveredAt: number | null;
  lastError: string | null;
};

export type EventRecord = {
  id: string;
  seq: number;
  event: StripeEvent;
  delivery: DeliveryState | null;
};

export type IdempotencyRecord = {
  id: string;
  key: string;
  fingerprint: string;
  createdAt: number;
  status: number;
  body: string;
};

export const API_VERSION = '2026-10-28.endive';
