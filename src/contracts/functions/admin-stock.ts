import * as z from 'zod/mini';
import type { FunctionContract } from './contract.ts';

/** The most units on hand staff may set for one product and colour. */
export const MAX_ON_HAND = 100_000;

export const adminStockRequestSchema = z.object({
  productKey: z.string().check(z.minLength(1)),
  color: z.string().check(z.minLength(1)),
  onHand: z.number().check(z.int(), z.minimum(0), z.maximum(MAX_ON_HAND)),
});
export type AdminStockRequest = z.input<typeof adminStockRequestSchema>;

/** One product and colour's stock as staff see it: on hand, and what open checkouts leave. */
export const stockLevelSchema = z.object({
  productKey: z.string(),
  color: z.string(),
  onHand: z.number().check(z.int()),
  available: z.number().check(z.int()),
});
export type StockLevel = z.infer<typeof stockLevelSchema>;

export const adminStockAnswerSchema = z.object({ stock: stockLevelSchema });
export type AdminStockAnswer = z.infer<typeof adminStockAnswerSchema>;

/** POST admin-stock {productKey, color, onHand}: sets the units on hand; audit-logged. */
export const adminStockFunction = {
  name: 'admin-stock',
  method: 'POST',
  request: adminStockRequestSchema,
  answer: adminStockAnswerSchema,
  holds: 'the stock',
} as const satisfies FunctionContract;
