import * as z from 'zod/mini';

// The parts of an order that several answers carry: the confirmed order (confirm-checkout.ts) and
// the back office's order rows (staff-order.ts).

/** An order's status (docs/operations.md, Shipping and orders); a partial refund keeps it. */
export const ORDER_STATUSES = ['paid', 'shipped', 'delivered', 'cancelled', 'refunded'] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Whether `value` is an order status (the column is text under a CHECK of these values). */
export const isOrderStatus = (value: unknown): value is OrderStatus =>
  (ORDER_STATUSES as readonly unknown[]).includes(value);

/**
 * A shipping address as Stripe's Address object gives it. It is stored as jsonb: the server writes
 * every field (null if unknown), but a row written another way may lack some, so none is required.
 */
export const shippingAddressSchema = z.object({
  line1: z.nullish(z.string()),
  line2: z.nullish(z.string()),
  city: z.nullish(z.string()),
  state: z.nullish(z.string()),
  postal_code: z.nullish(z.string()),
  country: z.nullish(z.string()),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/** Whole cents (or a whole count): what every amount in an answer is. */
export const wholeNumber = z.number().check(z.int());
