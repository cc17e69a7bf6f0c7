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
}
