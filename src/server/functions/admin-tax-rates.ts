import type { Handler } from 'hono';
import type Stripe from 'stripe';
import {
  adminTaxRateCreateSchema,
  adminTaxRateUpdateSchema,
  type AdminTaxRateAnswer,
  type AdminTaxRatesAnswer,
  type TaxRate,
} from '../../contracts/index.ts';
import { forgetActiveTaxRate } from '../orders/index.ts';
import { parseBody, type FunctionsDeps } from './context.ts';
import type { WithPayments, WithStaff } from './guards.ts';
import { atProvider, idempotencyKey, providerIdParam } from './provider-objects.ts';

// The owner's tax rates (docs/decisions/0050-discount-codes-and-sales-tax.md), kept at the
// provider: listed, created and archived; staff only, behind requirePayments and requireStaff.

const NOT_FOUND = 'tax_rate_not_found';

function taxRateOf(rate: Stripe.TaxRate): TaxRate {
  return {
    id: rate.id,
    displayName: rate.display_name,
    percentage: rate.percentage,
    country: rate.country,
    state: rate.state,
    inclusive: rate.inclusive,
    active: rate.active,
    created: rate.created,
  };
}

async function allRates(stripe: Stripe) {
  const rates: Stripe.TaxRate[] = [];
  for await (const rate of stripe.taxRates.list({ limit: 100 })) rates.push(rate);
  return rates;
}

/** GET /functions/v1/admin-tax-rates: {taxRates}, archived ones too, newest first. */
export function adminTaxRatesHandler(): Handler<WithPayments & WithStaff> {
  return async function adminTaxRates(c) {
    const rates = await atProvider(() => allRates(c.get('payments').stripe), NOT_FOUND);
    c.header('Cache-Control', 'no-store');
    return c.json({ taxRates: rates.map(taxRateOf) } satisfies AdminTaxRatesAnswer);
  };
}

/**
 * POST /functions/v1/admin-tax-rates {displayName, percentage, country, state?, inclusive,
 * requestId?}: answers {taxRate}. The contract refuses a US rate without a state or inclusive.
 */
export function adminTaxRateCreateHandler(deps: FunctionsDeps): Handler<WithPayments & WithStaff> {
  return async function adminTaxRateCreate(c) {
    const body = await parseBody(c, adminTaxRateCreateSchema);
    const staff = c.get('staff').sub;
    const stripe = c.get('payments').stripe;
    const rate = await atProvider(
      () =>
        stripe.taxRates.create(
          {
            display_name: body.displayName,
            percentage: body.percentage,
            country: body.country,
            ...(body.state === undefined ? {} : { state: body.state }),
            inclusive: body.inclusive,
          },
          { idempotencyKey: idempotencyKey('tax-rate', staff, body) },
        ),
      NOT_FOUND,
    );
    forgetActiveTaxRate(stripe);
    deps.logger.info({ id: rate.id, percentage: rate.percentage, staff }, 'tax rate: created');
    return c.json({ taxRate: taxRateOf(rate) } satisfies AdminTaxRateAnswer);
  };
}

/** POST /functions/v1/admin-tax-rates/:id {active}: archives (false); answers {taxRate}. */
export function adminTaxRateUpdateHandler(deps: FunctionsDeps): Handler<WithPayments & WithStaff> {
  return async function adminTaxRateUpdate(c) {
    const id = providerIdParam(c, NOT_FOUND);
    const { active } = await parseBody(c, adminTaxRateUpdateSchema);
    const stripe = c.get('payments').stripe;
    const rate = await atProvider(() => stripe.taxRates.update(id, { active }), NOT_FOUND);
    forgetActiveTaxRate(stripe);
    deps.logger.info({ id, active, staff: c.get('staff').sub }, 'tax rate: changed');
    return c.json({ taxRate: taxRateOf(rate) } satisfies AdminTaxRateAnswer);
  };
}
