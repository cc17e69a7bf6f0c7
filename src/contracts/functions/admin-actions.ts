import * as z from 'zod/mini';
import type { FunctionContract } from './contract.ts';
import { staffOrderSchema } from './staff-order.ts';

// The staff actions on one order (docs/product.md, Back office). Unknown fields are refused, so a
// misspelt one is named in the 400 rather than ignored.

const orderNumber = z.string().check(z.trim(), z.minLength(1), z.maxLength(40));
const text = z.string().check(z.trim(), z.minLength(1), z.maxLength(100));

export const adminShipRequestSchema = z.strictObject({
  orderNumber,
  carrier: text,
  trackingNumber: text,
});
export const adminDeliverRequestSchema = z.strictObject({ orderNumber });
export const adminCancelRequestSchema = z.strictObject({ orderNumber });
export const adminRefundRequestSchema = z.strictObject({
  orderNumber,
  amountCents: z.number().check(z.int(), z.minimum(1), z.maximum(100_000_000)),
  /** Only with a full refund: its items go back into stock. */
  returnToStock: z.optional(z.boolean()),
});

/** What every action answers: the order's row after the change. */
export const adminActionAnswerSchema = z.object({ order: staffOrderSchema });
export type AdminActionAnswer = z.infer<typeof adminActionAnswerSchema>;

const action = { method: 'POST', answer: adminActionAnswerSchema, holds: 'the order' } as const;

/** POST admin-ship: paid → shipped, with the carrier and tracking number. */
export const adminShipFunction = {
  ...action,
  name: 'admin-ship',
  request: adminShipRequestSchema,
} as const satisfies FunctionContract;

/** POST admin-deliver: shipped → delivered. */
export const adminDeliverFunction = {
  ...action,
  name: 'admin-deliver',
  request: adminDeliverRequestSchema,
} as const satisfies FunctionContract;

/** POST admin-cancel: paid → cancelled, what is left refunded. */
export const adminCancelFunction = {
  ...action,
  name: 'admin-cancel',
  request: adminCancelRequestSchema,
} as const satisfies FunctionContract;

/** POST admin-refund: through the payment provider, at most what is left. */
export const adminRefundFunction = {
  ...action,
  name: 'admin-refund',
  request: adminRefundRequestSchema,
} as const satisfies FunctionContract;
