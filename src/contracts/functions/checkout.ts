import * as z from 'zod/mini';
import type { FunctionContract } from './contract.ts';

/**
 * One line of the cart as the checkout takes it: the product by key ("keyboards:1", or category and
 * id), its colour and quantity, and the price the cart showed, which is informative only. Quantity
 * and price are checked against the catalogue on the server, whose message names the product, so
 * their shape is not this schema's business.
 */
export const checkoutItemSchema = z.object({
  key: z.optional(z.string()),
  category: z.optional(z.enum(['keyboards', 'switches', 'accessories'])),
  id: z.optional(z.number().check(z.int())),
  color: z.nullish(z.string()),
  quantity: z.optional(z.unknown()),
  price: z.optional(z.unknown()),
});
export type CheckoutItem = z.infer<typeof checkoutItemSchema>;

export const checkoutRequestSchema = z.object({
  items: z.array(checkoutItemSchema),
  /**
   * The shopper accepts that a cart mixing in-stock products with pre-orders or group buys ships
   * when its last item is ready; without it the server refuses such a cart
   * (docs/decisions/0051-pre-orders-and-group-buys.md).
   */
  shipTogether: z.optional(z.boolean()),
});
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;

/** The Checkout Session: its id and the payment page the browser goes to (null for none). */
export const checkoutAnswerSchema = z.object({
  id: z.string().check(z.minLength(1)),
  url: z.nullable(z.string()),
});
export type CheckoutAnswer = z.infer<typeof checkoutAnswerSchema>;

/** POST checkout {items, shipTogether?}: signed-in shoppers only; a Checkout Session at catalogue prices. */
export const checkoutFunction = {
  name: 'checkout',
  method: 'POST',
  request: checkoutRequestSchema,
  answer: checkoutAnswerSchema,
  holds: 'the checkout session',
} as const satisfies FunctionContract;
