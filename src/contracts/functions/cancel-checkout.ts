import * as z from 'zod/mini';
import type { FunctionContract } from './contract.ts';

/** Nothing to say: the signed-in shopper's open checkout is the one that ends. */
export const cancelCheckoutRequestSchema = z.object({});

/** How many units the ended checkout held, on sale again now. */
export const cancelCheckoutAnswerSchema = z.object({ released: z.number().check(z.int()) });
export type CancelCheckoutAnswer = z.infer<typeof cancelCheckoutAnswerSchema>;

/**
 * POST cancel-checkout: back from the payment page with "Cancel", the shopper's open checkout ends
 * (docs/decisions/0044-one-open-checkout.md).
 */
export const cancelCheckoutFunction = {
  name: 'cancel-checkout',
  method: 'POST',
  request: cancelCheckoutRequestSchema,
  answer: cancelCheckoutAnswerSchema,
  holds: 'the units released',
} as const satisfies FunctionContract;
