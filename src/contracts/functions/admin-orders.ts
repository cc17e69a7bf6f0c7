import * as z from 'zod/mini';
import type { FunctionContract } from './contract.ts';
import { orderStatusSchema } from './order.ts';
import { staffOrderSchema } from './staff-order.ts';

/** A whole number from the query string (numbers on the web's side, text on the wire). */
const count = (min: number, max: number) =>
  z.coerce.number<number>().check(z.int(), z.minimum(min), z.maximum(max));

/** The orders list's query; defaults fill what is left out. */
export const adminOrdersQuerySchema = z.object({
  status: z.optional(orderStatusSchema),
  /** An order number or its start ("KS-10", "10042"), else part of the email or shipping name. */
  q: z._default(z.string().check(z.maxLength(200)), ''),
  offset: z._default(count(0, 1_000_000), 0),
  limit: z._default(count(1, 100), 25),
});
export type AdminOrdersQuery = z.input<typeof adminOrdersQuerySchema>;

/** A page of orders, newest first, and whether more follow. */
export const adminOrdersAnswerSchema = z.object({
  orders: z.array(staffOrderSchema),
  more: z.boolean(),
});
export type AdminOrdersAnswer = z.infer<typeof adminOrdersAnswerSchema>;

/** GET admin-orders?status=&q=&offset=&limit=: staff only (docs/product.md, Back office). */
export const adminOrdersFunction = {
  name: 'admin-orders',
  method: 'GET',
  request: adminOrdersQuerySchema,
  answer: adminOrdersAnswerSchema,
  holds: 'the orders',
} as const satisfies FunctionContract;
