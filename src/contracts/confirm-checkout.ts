// The answer of POST /functions/v1/confirm-checkout, shared by the server that sends it and the web
// app that reads it. Types and constants only: no I/O, no React, nothing of the rest of the project.

/**
 * What happened to a checkout session, from which the Order Confirmation page picks its message.
 * `verified` only answers a verify-only request: paid, with items and an owner.
 */
export const CONFIRM_STATUSES = [
  'saved',
  'partially_saved',
  'save_failed',
  'not_paid',
  'no_items',
  'no_user',
  'error',
  'verified',
] as const;

export type ConfirmStatus = (typeof CONFIRM_STATUSES)[number];

export interface ConfirmCheckoutAnswer {
  status: ConfirmStatus;
  /** The session's payment_status ("paid", "unpaid", ...), or "not_found"; null when unknown. */
  paymentStatus: string | null;
  /** Order rows the session has in the history (written now or by an earlier call). */
  saved: number;
  /** Line items skipped for lacking a name, a quantity or a unit amount. */
  skipped: number;
  /** The signed-in user is not the one who started the checkout (the order still goes through). */
  warning?: string;
  /** Why processing failed (status "error"). */
  message?: string;
  /** The recorded order (statuses "saved" and "partially_saved"). */
  order?: ConfirmedOrder;
}

/** An order's status (docs/operations.md, Shipping and orders). A partial refund keeps the status. */
export const ORDER_STATUSES = ['paid', 'shipped', 'delivered', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** A shipping address as Stripe's Address object gives it. */
export interface ShippingAddress {
  line1: string | null;
  line2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string | null;
}

/** One line of a confirmed order: what, which colour, how many, at what unit price (cents). */
export interface ConfirmedOrderLine {
  name: string;
  color: string;
  quantity: number;
  unitCents: number;
}

/** The order a saved checkout became, as the Order Confirmation page shows it. */
export interface ConfirmedOrder {
  /** "KS-10001": what the shopper quotes to the shop. */
  number: string;
  status: OrderStatus;
  lines: ConfirmedOrderLine[];
  /** The rate's display name ("Standard"); null for orders placed before shipping was asked. */
  shippingMethod: string | null;
  shippingName: string | null;
  shippingAddress: ShippingAddress | null;
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
}
