import * as z from 'zod/mini';
import type { FunctionContract } from './contract.ts';

// The owner's tax rates, kept at the provider (docs/decisions/0050-discount-codes-and-sales-tax.md).
// The provider has no edit of a percentage and no delete: a changed rate is a new one, an old one
// is archived.

/** Whole ten-thousandths at most, as the provider takes a percentage. */
const fourDecimals = (n: number) => Math.abs(n * 10_000 - Math.round(n * 10_000)) < 1e-6;

/**
 * A new rate. A US rate is sales tax: added on top of the listed prices (never inclusive) and
 * for one state. Country and state are kept in capitals.
 */
export const adminTaxRateCreateSchema = z
  .strictObject({
    displayName: z.string().check(z.trim(), z.minLength(1), z.maxLength(50)),
    percentage: z
      .number()
      .check(
        z.minimum(0),
        z.maximum(100),
        z.refine(fourDecimals, 'Use at most 4 decimals in a percentage.'),
      ),
    country: z
      .string()
      .check(
        z.trim(),
        z.toUpperCase(),
        z.regex(/^[A-Z]{2}$/, 'Use a 2-letter country code such as US or DE.'),
      ),
    state: z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.toUpperCase(),
          z.regex(/^[A-Z0-9]{1,3}$/, 'Use the state or region code such as CA.'),
        ),
    ),
    inclusive: z.boolean(),
    /** One submission of the form: a retry of it with the same fields makes the rate once. */
    requestId: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  })
  .check(
    z.refine((r) => r.country !== 'US' || /^[A-Z]{2}$/.test(r.state ?? ''), {
      message: 'A US rate needs its 2-letter state, such as CA.',
      path: ['state'],
    }),
    z.refine((r) => r.country !== 'US' || !r.inclusive, {
      message: 'A US rate is added on top of prices: inclusive must be false.',
      path: ['inclusive'],
    }),
  );
export type AdminTaxRateCreateRequest = z.input<typeof adminTaxRateCreateSchema>;

/** Archive (false): new checkouts no longer charge the rate. */
export const adminTaxRateUpdateSchema = z.strictObject({ active: z.boolean() });
export type AdminTaxRateUpdateRequest = z.input<typeof adminTaxRateUpdateSchema>;

/** One rate as the provider keeps it. */
export const taxRateSchema = z.object({
  /** The provider's id (txr_…). */
  id: z.string(),
  displayName: z.string(),
  percentage: z.number(),
  country: z.nullable(z.string()),
  state: z.nullable(z.string()),
  /** True: inside the listed prices (VAT); false: added on top (US sales tax). */
  inclusive: z.boolean(),
  active: z.boolean(),
  created: z.number(),
});
export type TaxRate = z.infer<typeof taxRateSchema>;

export const adminTaxRatesAnswerSchema = z.object({ taxRates: z.array(taxRateSchema) });
export type AdminTaxRatesAnswer = z.infer<typeof adminTaxRatesAnswerSchema>;

export const adminTaxRateAnswerSchema = z.object({ taxRate: taxRateSchema });
export type AdminTaxRateAnswer = z.infer<typeof adminTaxRateAnswerSchema>;

/** GET admin-tax-rates: every rate, archived ones too, newest first. Staff only. */
export const adminTaxRatesFunction = {
  name: 'admin-tax-rates',
  method: 'GET',
  request: z.object({}),
  answer: adminTaxRatesAnswerSchema,
  holds: 'the tax rates',
} as const satisfies FunctionContract;

/** POST admin-tax-rates: makes a rate at the provider. */
export const adminTaxRateCreateFunction = {
  name: 'admin-tax-rates',
  method: 'POST',
  request: adminTaxRateCreateSchema,
  answer: adminTaxRateAnswerSchema,
  holds: 'the tax rate',
} as const satisfies FunctionContract;

/** POST admin-tax-rates/:id {active}: archives the rate (or brings it back). */
export function adminTaxRateUpdateFunction(id: string) {
  return {
    name: `admin-tax-rates/${encodeURIComponent(id)}`,
    method: 'POST',
    request: adminTaxRateUpdateSchema,
    answer: adminTaxRateAnswerSchema,
    holds: 'the tax rate',
  } as const satisfies FunctionContract;
}
