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

export type PaymentIntentRecord = {
  id: string;
  created: number;
  amount: number;
  currency: 'usd';
  cardBrand: string;
  cardLast4: string;
};

export type CustomerDetailsRecord = { email: string; name: string };

export type SessionStatus = 'open' | 'complete' | 'expired';

/** A reference to an event the session caused; lets a restart recreate one lost before its write. */
export type EventRef = { id: string; type: string; created: number };

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
