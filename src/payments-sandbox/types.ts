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
  /** price_data.tax_behavior (absent: 'unspecified', the tax rate's own flag decides). */
  taxBehavior?: TaxBehavior;
};

export type TaxBehavior = 'exclusive' | 'inclusive' | 'unspecified';

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
  taxBehavior?: TaxBehavior;
  /** Stripe tax code; shipping is taxable unless it is NONTAXABLE_CODE (absent: taxable). */
  taxCode?: string | null;
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
  /** no_payment_required: a session discounted to zero completes without a payment intent. */
  paymentStatus: 'unpaid' | 'paid' | 'no_payment_required';
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
  /** Discounts and tax (ADR 0050; absent on older records: none). */
  allowPromotionCodes?: boolean | null;
  /** The one discount: given at create, or a code the customer applied on the hosted page. */
  discount?: SessionDiscountRecord | null;
  automaticTax?: boolean;
  /**
   * The active tax rates that matched shippingDetails' address when it was stored (automatic tax
   * only), as they were then: the session's tax does not change when a rate is archived later.
   */
  taxRates?: TaxRateRecord[];
};

/** A discount as applied to a session: the coupon's values copied at application time. */
export type AppliedDiscount = {
  promotionCodeId: string | null;
  couponId: string;
  code: string | null;
  name: string | null;
  percentOff: number | null;
  amountOff: number | null;
};

/** As the session keeps it: with the id and start of the Discount object it renders as. */
export type SessionDiscountRecord = AppliedDiscount & { id: string; start: number };

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

/**
 * Coupons, promotion codes and tax rates: objects the shop creates through the API, kept whole
 * and changed by compare-and-set on `revision` (SandboxStore.reviseObject). Rendered in
 * render-discounts.ts; the rules of redeeming a code are in discounts.ts.
 */
export type CouponRecord = {
  id: string;
  kind: 'coupon';
  created: number;
  revision: number;
  name: string | null;
  percentOff: number | null;
  amountOff: number | null;
  currency: string | null;
  duration: 'once';
  maxRedemptions: number | null;
  redeemBy: number | null;
  metadata: Record<string, string>;
  timesRedeemed: number;
  /**
   * The sessions that redeemed it (timesRedeemed of them), so a payment retried after a crash
   * finds its own redemption and does not count it twice. Absent: none.
   */
  redeemedBy?: string[];
  /** DELETE /v1/coupons/:id: gone from the API, kept for the codes and sessions naming it. */
  deleted?: boolean;
};

/** A redemption of a promotion code: the session that paid with it and its customer's email. */
export type RedemptionRecord = { sessionId: string; email: string | null };

export type PromotionCodeRecord = {
  id: string;
  kind: 'promotion_code';
  created: number;
  revision: number;
  code: string;
  couponId: string;
  /** As set through the API; the rendered `active` is also false once the code cannot be used. */
  active: boolean;
  expiresAt: number | null;
  maxRedemptions: number | null;
  firstTimeTransaction: boolean;
  minimumAmount: number | null;
  minimumAmountCurrency: string | null;
  metadata: Record<string, string>;
  /** times_redeemed is their number. */
  redemptions: RedemptionRecord[];
};

export type TaxRateRecord = {
  id: string;
  kind: 'tax_rate';
  created: number;
  revision: number;
  displayName: string;
  percentage: number;
  inclusive: boolean;
  active: boolean;
  country: string | null;
  state: string | null;
  jurisdiction: string | null;
  taxType: string | null;
  description: string | null;
  metadata: Record<string, string>;
};

type ObjectKinds = {
  coupon: CouponRecord;
  promotion_code: PromotionCodeRecord;
  tax_rate: TaxRateRecord;
};
export type ObjectKind = keyof ObjectKinds;
export type ObjectOfKind<K extends ObjectKind> = ObjectKinds[K];
export type SandboxObject = ObjectOfKind<ObjectKind>;

export const API_VERSION = '2026-10-28.endive';
