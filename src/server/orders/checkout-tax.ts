// Tax at checkout (docs/decisions/0050-discount-codes-and-sales-tax.md): the owner's tax rates live
// at the payments provider, so a session asks for automatic tax only while at least one is active,
// and whether shipping is taxable is the shop's own setting (public.shop_settings).
import type Stripe from 'stripe';
import type { Queryable } from '../db/types.ts';

/** Stripe's tax codes for shipping: taxed as shipping, or not taxed at all. */
export const SHIPPING_TAX_CODE = 'txcd_92010001';
export const NONTAXABLE_TAX_CODE = 'txcd_00000000';

/** How long one answer about the rates stands: a rate added or archived counts within seconds. */
export const TAX_RATES_TTL_MS = 10_000;

// Per provider client, so each test server (and each process) asks its own provider. The promise
// is kept, so checkouts arriving together share one request.
const answers = new WeakMap<Stripe, { at: number; active: Promise<boolean> }>();

/** Whether the provider has an active tax rate, asked at most once per TAX_RATES_TTL_MS. */
export function hasActiveTaxRate(stripe: Stripe, now = Date.now()): Promise<boolean> {
  const known = answers.get(stripe);
  if (known && now - known.at < TAX_RATES_TTL_MS) return known.active;
  const active = stripe.taxRates
    .list({ active: true, limit: 1 })
    .then((page) => page.data.length > 0);
  answers.set(stripe, { at: now, active });
  // A failed question is not remembered: the next checkout asks again.
  active.catch(() => {
    if (answers.get(stripe)?.active === active) answers.delete(stripe);
  });
  return active;
}

/**
 * Forgets the answer: staff added or archived a rate on this instance, whose next checkout then
 * asks again. Other instances see it within TAX_RATES_TTL_MS.
 */
export function forgetActiveTaxRate(stripe: Stripe): void {
  answers.delete(stripe);
}

/** Whether staff made shipping taxable; no settings row means it is not. */
export async function shippingTaxable(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ shipping_taxable: boolean }>(
    'SELECT shipping_taxable FROM public.shop_settings LIMIT 1',
  );
  return rows[0]?.shipping_taxable ?? false;
}

/** What a session needs for tax: automatic tax when a rate is active, and shipping's tax code. */
export interface CheckoutTax {
  automaticTax: boolean;
  shippingTaxCode: typeof SHIPPING_TAX_CODE | typeof NONTAXABLE_TAX_CODE;
}

/** The tax part of a new session, from the provider's rates and the shop's setting. */
export async function checkoutTaxOf(db: Queryable, stripe: Stripe): Promise<CheckoutTax> {
  const [automaticTax, taxable] = await Promise.all([
    hasActiveTaxRate(stripe),
    shippingTaxable(db),
  ]);
  return { automaticTax, shippingTaxCode: taxable ? SHIPPING_TAX_CODE : NONTAXABLE_TAX_CODE };
}
