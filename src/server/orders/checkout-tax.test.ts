// Whether a checkout asks for automatic tax: the provider's active rates, asked at most once per
// TAX_RATES_TTL_MS per provider client, so a busy checkout does not ask the provider every time.
import type Stripe from 'stripe';
import { describe, expect, it, vi } from 'vitest';
import { hasActiveTaxRate, TAX_RATES_TTL_MS } from './checkout-tax.ts';

/** A provider whose tax rate list answers `answers` in turn, counting the questions. */
function provider(...answers: (number | Error)[]) {
  const list = vi.fn((params: Stripe.TaxRateListParams) => {
    expect(params).toEqual({ active: true, limit: 1 });
    const next = answers.shift() ?? 0;
    return next instanceof Error
      ? Promise.reject(next)
      : Promise.resolve({ data: Array.from({ length: next }, () => ({ id: 'txr_1' })) });
  });
  return { stripe: { taxRates: { list } } as unknown as Stripe, list };
}

describe('hasActiveTaxRate', () => {
  it('asks once per TAX_RATES_TTL_MS, then again', async () => {
    const { stripe, list } = provider(1, 0);
    expect(await hasActiveTaxRate(stripe, 1000)).toBe(true);
    expect(await hasActiveTaxRate(stripe, 1000 + TAX_RATES_TTL_MS - 1)).toBe(true);
    expect(list).toHaveBeenCalledTimes(1);
    // The owner archived the last rate: seconds later, checkouts charge no tax.
    expect(await hasActiveTaxRate(stripe, 1000 + TAX_RATES_TTL_MS)).toBe(false);
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('shares one question among checkouts arriving together, and keeps providers apart', async () => {
    const first = provider(1);
    const second = provider(0);
    const answers = await Promise.all([
      hasActiveTaxRate(first.stripe, 0),
      hasActiveTaxRate(first.stripe, 1),
      hasActiveTaxRate(second.stripe, 1),
    ]);
    expect(answers).toEqual([true, true, false]);
    expect(first.list).toHaveBeenCalledTimes(1);
  });

  it('does not remember a failed question', async () => {
    const { stripe, list } = provider(new Error('provider down'), 1);
    await expect(hasActiveTaxRate(stripe, 0)).rejects.toThrow('provider down');
    expect(await hasActiveTaxRate(stripe, 1)).toBe(true);
    expect(list).toHaveBeenCalledTimes(2);
  });
});
