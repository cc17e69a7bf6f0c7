import * as z from 'zod/mini';
import type { FunctionContract } from './contract.ts';
import { orderStatusSchema, shippingAddressSchema, wholeNumber } from './order.ts';

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

/**
 * A line an order waits for (shop_orders.waits_for, the contracts' WaitingLine): the pre-order's
 * or group buy's window as it was sold (docs/decisions/0051-pre-orders-and-group-buys.md).
 */
export const waitingLineSchema = z.object({
  productKey: z.string(),
  name: z.string(),
  kind: z.enum(['pre_order', 'group_buy']),
  /** YYYY-MM-DD. */
  shipsFrom: z.string(),
  shipsBy: z.string(),
  /** When the group buy ends (ISO timestamp); null for a pre-order. */
  endsAt: z.nullable(z.string()),
});

/** One line of a confirmed order: what, which colour, how many, at what unit price (cents). */
export const confirmedOrderLineSchema = z.object({
  name: z.string(),
  color: z.string(),
  quantity: wholeNumber,
  unitCents: wholeNumber,
});
export type ConfirmedOrderLine = z.infer<typeof confirmedOrderLineSchema>;

/** The order a saved checkout became, as the Order Confirmation page shows it. */
export const confirmedOrderSchema = z.object({
  /** "KS-10001": what the shopper quotes to the shop. */
  number: z.string(),
  status: orderStatusSchema,
  lines: z.array(confirmedOrderLineSchema),
  /** The rate's display name ("Standard"); null for orders placed before shipping was asked. */
  shippingMethod: z.nullable(z.string()),
  shippingName: z.nullable(z.string()),
  shippingAddress: z.nullable(shippingAddressSchema),
  subtotalCents: wholeNumber,
  /** Before tax: shipping's tax, if any, is in taxCents. */
  shippingCents: wholeNumber,
  totalCents: wholeNumber,
  // Optional: mails queued before codes and tax carry the order without them (none, no tax).
  /** The code the shopper typed ("SPRING-20"); null or absent when none. */
  discountCode: z.optional(z.nullable(z.string())),
  /** What the code took off the subtotal. */
  discountCents: z.optional(wholeNumber),
  taxCents: z.optional(wholeNumber),
  /** The tax was inside the prices (VAT), not added on top (US sales tax). */
  taxInclusive: z.optional(z.boolean()),
  /** The rates as the shopper saw them: "Sales tax 7.25%". */
  taxLabel: z.optional(z.nullable(z.string())),
  /** The pre-orders and group buys the order waits for; absent when it waits for none. */
  waitsFor: z.optional(z.array(waitingLineSchema)),
});
export type ConfirmedOrder = z.infer<typeof confirmedOrderSchema>;

export const confirmCheckoutRequestSchema = z.object({
  session_id: z.string().check(z.regex(/^cs_(test|live)_[A-Za-z0-9]{1,200}$/)),
  /** Check the session without saving (the page's "Order verified" step). */
  verify_only: z.optional(z.boolean()),
});
export type ConfirmCheckoutRequest = z.input<typeof confirmCheckoutRequestSchema>;

export const confirmCheckoutAnswerSchema = z.object({
  status: z.enum(CONFIRM_STATUSES),
  /** The session's payment_status ("paid", "unpaid", ...), or "not_found"; null when unknown. */
  paymentStatus: z.nullable(z.string()),
  /** Order rows the session has in the history (written now or by an earlier call). */
  saved: wholeNumber,
  /** Line items skipped for lacking a name, a quantity or a unit amount. */
  skipped: wholeNumber,
  /** The signed-in user is not the one who started the checkout (the order still goes through). */
  warning: z.optional(z.string()),
  /** Why processing failed (status "error"). */
  message: z.optional(z.string()),
  /** The recorded order (statuses "saved" and "partially_saved"). */
  order: z.optional(confirmedOrderSchema),
});
export type ConfirmCheckoutAnswer = z.infer<typeof confirmCheckoutAnswerSchema>;

/**
 * POST confirm-checkout {session_id, verify_only?}: the success page's flow on the server, signed
 * in or not. A failed save (500) and a failure the caller may retry (502) answer the outcome too.
 */
export const confirmCheckoutFunction = {
  name: 'confirm-checkout',
  method: 'POST',
  request: confirmCheckoutRequestSchema,
  answer: confirmCheckoutAnswerSchema,
  holds: 'the outcome of the checkout',
  answerStatuses: [500, 502],
} as const satisfies FunctionContract;
