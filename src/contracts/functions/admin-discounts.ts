import * as z from 'zod/mini';
import type { FunctionContract } from './contract.ts';

// Discount codes as staff keep them (docs/decisions/0050-discount-codes-and-sales-tax.md): each a
// provider coupon with one promotion code. Times are Unix seconds, as the provider gives them.

/** The most cents a discount or a minimum order may be: $1,000,000. */
export const MAX_DISCOUNT_CENTS = 100_000_000;
/** The most redemptions a code may allow in all. */
export const MAX_REDEMPTIONS = 1_000_000;

const cents = z.number().check(z.int(), z.minimum(1), z.maximum(MAX_DISCOUNT_CENTS));
/** Whole hundredths at most, so "12.5%" is fine and "12.345%" is refused rather than rounded. */
const hundredths = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/**
 * A new code. Its text is what shoppers type (any case: the provider compares codes without it),
 * kept in capitals; exactly one of percentOff and amountOffCents. requestId names one submission
 * of the form: a retry of it with the same fields makes the code once.
 */
export const adminDiscountCreateSchema = z
  .strictObject({
    code: z
      .string()
      .check(
        z.trim(),
        z.toUpperCase(),
        z.minLength(3),
        z.maxLength(40),
        z.regex(/^[A-Z0-9-]*$/, 'Use letters, digits and dashes only.'),
      ),
    percentOff: z.optional(
      z
        .number()
        .check(
          z.gt(0),
          z.maximum(100),
          z.refine(hundredths, 'Use at most 2 decimals in a percentage.'),
        ),
    ),
    amountOffCents: z.optional(cents),
    expiresAt: z.optional(z.number().check(z.int(), z.positive())),
    maxRedemptions: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(MAX_REDEMPTIONS))),
    firstTimeOnly: z.optional(z.boolean()),
    minimumAmountCents: z.optional(cents),
    requestId: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  })
  .check(
    z.refine((r) => (r.percentOff === undefined) !== (r.amountOffCents === undefined), {
      message: 'Give either percentOff or amountOffCents, not both.',
      path: ['percentOff'],
    }),
  );
export type AdminDiscountCreateRequest = z.input<typeof adminDiscountCreateSchema>;

/** Pause (false) or resume (true) a code. */
export const adminDiscountUpdateSchema = z.strictObject({ active: z.boolean() });
export type AdminDiscountUpdateRequest = z.input<typeof adminDiscountUpdateSchema>;

/** One code as the provider keeps it, with what the shop's orders with it took. */
export const discountCodeSchema = z.object({
  /** The provider's promotion code id (promo_…). */
  id: z.string(),
  code: z.string(),
  /** False once paused, and for good once expired or used up. */
  active: z.boolean(),
  percentOff: z.nullable(z.number()),
  amountOffCents: z.nullable(z.number()),
  currency: z.nullable(z.string()),
  expiresAt: z.nullable(z.number()),
  maxRedemptions: z.nullable(z.number()),
  timesRedeemed: z.number(),
  firstTimeOnly: z.boolean(),
  minimumAmountCents: z.nullable(z.number()),
  created: z.number(),
  /** The shop's orders with this code, what they took less refunds, and what it took off. */
  orders: z.number(),
  revenueCents: z.number(),
  discountCents: z.number(),
});
export type DiscountCode = z.infer<typeof discountCodeSchema>;

export const adminDiscountsAnswerSchema = z.object({ discounts: z.array(discountCodeSchema) });
export type AdminDiscountsAnswer = z.infer<typeof adminDiscountsAnswerSchema>;

export const adminDiscountAnswerSchema = z.object({ discount: discountCodeSchema });
export type AdminDiscountAnswer = z.infer<typeof adminDiscountAnswerSchema>;

/** GET admin-discounts: every code, newest first, with its orders and revenue. Staff only. */
export const adminDiscountsFunction = {
  name: 'admin-discounts',
  method: 'GET',
  request: z.object({}),
  answer: adminDiscountsAnswerSchema,
  holds: 'the discount codes',
} as const satisfies FunctionContract;

/** POST admin-discounts: makes a coupon and its promotion code at the provider. */
export const adminDiscountCreateFunction = {
  name: 'admin-discounts',
  method: 'POST',
  request: adminDiscountCreateSchema,
  answer: adminDiscountAnswerSchema,
  holds: 'the discount code',
} as const satisfies FunctionContract;

/** POST admin-discounts/:id {active}: pauses or resumes the code. */
export function adminDiscountUpdateFunction(id: string) {
  return {
    name: `admin-discounts/${encodeURIComponent(id)}`,
    method: 'POST',
    request: adminDiscountUpdateSchema,
    answer: adminDiscountAnswerSchema,
    holds: 'the discount code',
  } as const satisfies FunctionContract;
}
