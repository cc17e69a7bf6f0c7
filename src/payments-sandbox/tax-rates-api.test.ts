// Tax rates through the official client (reference §4.1): create, archive, list, and the errors.
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { sandboxPerTest } from './test-support/sandbox-per-test.ts';
import { SchemaChecker } from './test-support/schema-check.ts';
import { loadStripeSchema } from './test-support/stripe-schema.ts';
import { stripeError, taxRateParams, type Started } from './test-support.ts';

let sb: Started;
const now = Date.UTC(2026, 10, 28, 12, 0, 0);

sandboxPerTest(
  (started) => (sb = started),
  () => ({ clock: () => now }),
);

describe('tax rates', () => {
  it('creates a rate with every key of Stripe’s TaxRate, and finds it again', async () => {
    const rate = await sb.stripe.taxRates.create({
      ...taxRateParams.california,
      tax_type: 'sales_tax',
      metadata: { source: 'back office' },
    });
    expect(rate.id).toMatch(/^txr_[A-Za-z0-9]{24}$/);
    expect(rate).toEqual({
      id: rate.id,
      object: 'tax_rate',
      active: true,
      country: 'US',
      created: Math.floor(now / 1000),
      description: null,
      display_name: 'Sales Tax',
      effective_percentage: null,
      flat_amount: null,
      inclusive: false,
      jurisdiction: 'US - CA',
      jurisdiction_level: null,
      livemode: false,
      metadata: { source: 'back office' },
      percentage: 7.25,
      rate_type: null,
      state: 'CA',
      tax_type: 'sales_tax',
    });
    const { checker, types } = loadStripeSchema();
    const report = new SchemaChecker(checker).check(types.taxRate, rate, 'taxRate');
    expect(report.findings).toEqual([]);
    expect(report.present).toBe(report.required);
    expect(await sb.stripe.taxRates.retrieve(rate.id)).toEqual(rate);
  }, 60_000);

  it('archives and relabels a rate, but never changes its percentage or place', async () => {
    // Sent lower-case: the rate keeps the upper-case ISO code.
    const vat = await sb.stripe.taxRates.create({ ...taxRateParams.germanVat, country: 'de' });
    expect(vat).toMatchObject({ country: 'DE', state: null, inclusive: true, percentage: 19 });
    const changed = await sb.stripe.taxRates.update(vat.id, {
      active: false,
      display_name: 'MwSt',
      description: 'Germany, standard rate',
      metadata: { note: 'archived' },
    });
    expect(changed).toMatchObject({
      active: false,
      display_name: 'MwSt',
      description: 'Germany, standard rate',
      percentage: 19,
      metadata: { note: 'archived' },
    });
    for (const param of ['percentage', 'inclusive', 'country', 'state']) {
      const err = await stripeError(() =>
        sb.stripe.taxRates.update(vat.id, { [param]: param === 'inclusive' ? false : '1' }),
      );
      expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(err).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param });
      expect(err.message).toMatch(/^Received unknown parameter: /);
    }
  });

  it('lists newest first, filtered by active and inclusive, a page at a time', async () => {
    const made = [];
    for (const [percentage, inclusive] of [
      [5, false],
      [10, true],
      [20, true],
    ] as const) {
      made.push(
        await sb.stripe.taxRates.create({ display_name: `R${percentage}`, percentage, inclusive }),
      );
    }
    await sb.stripe.taxRates.update(made[2]!.id, { active: false });
    const ids = (list: Stripe.TaxRate[]) => list.map((r) => r.display_name);
    expect(ids((await sb.stripe.taxRates.list()).data)).toEqual(['R20', 'R10', 'R5']);
    expect(ids((await sb.stripe.taxRates.list({ active: true })).data)).toEqual(['R10', 'R5']);
    expect(ids((await sb.stripe.taxRates.list({ inclusive: true })).data)).toEqual(['R20', 'R10']);
    const page = await sb.stripe.taxRates.list({ limit: 2 });
    expect(page.has_more).toBe(true);
    const all: string[] = [];
    for await (const r of sb.stripe.taxRates.list({ limit: 1 })) all.push(r.display_name);
    expect(all).toEqual(['R20', 'R10', 'R5']);
  });

  it('refuses a rate without its required fields or with bad values, and unknown ids', async () => {
    const base = { display_name: 'Tax', percentage: 5, inclusive: false };
    const cases: Array<[object, string]> = [
      [{ percentage: 5, inclusive: false }, 'display_name'],
      [{ display_name: 'Tax', inclusive: false }, 'percentage'],
      [{ display_name: 'Tax', percentage: 5 }, 'inclusive'],
      [{ ...base, percentage: 100.5 }, 'percentage'],
      [{ ...base, percentage: -1 }, 'percentage'],
      [{ ...base, percentage: 1.23456 }, 'percentage'],
      [{ ...base, country: 'USA' }, 'country'],
      [{ ...base, state: 'CA' }, 'state'],
      [{ ...base, tax_type: 'bogus' }, 'tax_type'],
      [{ ...base, display_name: 'x'.repeat(51) }, 'display_name'],
      [{ ...base, flat_amount: 5 }, 'flat_amount'],
    ];
    for (const [params, param] of cases) {
      const err = await stripeError(() =>
        sb.stripe.taxRates.create(params as Stripe.TaxRateCreateParams),
      );
      expect(err, JSON.stringify(params)).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(err, JSON.stringify(params)).toMatchObject({ statusCode: 400, param });
    }
    for (const call of [
      () => sb.stripe.taxRates.retrieve('txr_nope'),
      () => sb.stripe.taxRates.update('txr_nope', { active: false }),
    ]) {
      const err = await stripeError(call);
      expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(err).toMatchObject({
        statusCode: 404,
        code: 'resource_missing',
        message: "No such tax rate: 'txr_nope'",
      });
    }
  });
});
