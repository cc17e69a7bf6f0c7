// The sandbox's automatic tax (ADR 0050): the owner's tax rates matched to the shipping address,
// exclusive on top (US/CA), inclusive inside the prices (DE), shipping taxed unless nontaxable.
import Stripe from 'stripe';
import { beforeEach, describe, expect, it } from 'vitest';
import { pageText, taxText } from './messages.ts';
import { expectSessionSchema, rawSession, summaryAmount } from './test-support/checkout-totals.ts';
import { sandboxPerTest } from './test-support/sandbox-per-test.ts';
import {
  pageAfter,
  payForm,
  sessionParams,
  shippingFields,
  taxRateParams,
  type Started,
} from './test-support.ts';

let sb: Started;
let california: Stripe.TaxRate;

sandboxPerTest((started) => (sb = started));

beforeEach(async () => {
  california = await sb.stripe.taxRates.create(taxRateParams.california);
  await sb.stripe.taxRates.create(taxRateParams.germanVat);
  // Archived: never applies.
  const old = await sb.stripe.taxRates.create({
    ...taxRateParams.california,
    display_name: 'Old CA',
    percentage: 9,
  });
  await sb.stripe.taxRates.update(old.id, { active: false });
});

const SUBTOTAL = 2 * 14999 + 2450;
const TAXABLE = 'txcd_92010001';
const NONTAXABLE = 'txcd_00000000';

function taxSession(taxCode: string, extra: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
  return sb.stripe.checkout.sessions.create(
    sessionParams({
      automatic_tax: { enabled: true },
      shipping_address_collection: { allowed_countries: ['US', 'DE'] },
      shipping_options: [
        {
          shipping_rate_data: {
            type: 'fixed_amount',
            display_name: 'Standard',
            fixed_amount: { amount: 500, currency: 'usd' },
            tax_code: taxCode,
          },
        },
      ],
      ...extra,
    }),
  );
}

const address = {
  CA: { ...shippingFields, city: 'San Francisco', state: 'CA', postalCode: '94103' },
  NY: { ...shippingFields, city: 'New York', state: 'NY', postalCode: '10001' },
  DE: { ...shippingFields, city: 'Berlin', state: 'Berlin', postalCode: '10115', country: 'DE' },
};

/** The page's form for this session: the address, its one shipping rate, and `extra`. */
const formOf = (
  session: Stripe.Checkout.Session,
  place: Record<string, string>,
  extra: Record<string, string> = {},
) => ({ ...place, shippingRate: session.shipping_options[0]!.shipping_rate as string, ...extra });

async function paidWith(
  session: Stripe.Checkout.Session,
  place: Record<string, string>,
  extra: Record<string, string> = {},
) {
  expect((await payForm(session.url!, formOf(session, place, extra))).status).toBe(303);
  return sb.stripe.checkout.sessions.retrieve(session.id, {
    expand: ['total_details.breakdown', 'line_items.data.taxes', 'payment_intent'],
  });
}

describe('automatic tax from the shipping address', () => {
  it('waits for the address, then adds US/CA sales tax on the lines and taxable shipping', async () => {
    const session = await taxSession(TAXABLE);
    expect(session).toMatchObject({
      automatic_tax: {
        enabled: true,
        liability: { type: 'self' },
        provider: 'stripe',
        status: 'requires_location_inputs',
      },
      total_details: { amount_tax: 0 },
      amount_total: SUBTOTAL + 500,
    });
    const first = await (await fetch(session.url!)).text();
    expect(summaryAmount(first, taxText.tax)).toBe(taxText.pending);

    // Paying with the untaxed total shows the taxed one first: 29998 → 2175, 2450 → 178, 500 → 36.
    const bounced = await pageAfter(
      await payForm(
        session.url!,
        formOf(session, address.CA, { shownTotal: String(SUBTOTAL + 500) }),
      ),
      session.url!,
    );
    const page = await bounced.page.text();
    expect(page).toContain(taxText.totalChanged('$353.37'));
    expect(summaryAmount(page, taxText.rate('Sales Tax', 7.25))).toBe('$23.89');
    expect(page).toContain(pageText.pay('$353.37'));
    expect(page).toMatch(/id="cardCvc"[^>]*autofocus/);
    expect(page).toContain('value="San Francisco"');

    const done = await paidWith(session, address.CA, { shownTotal: '35337' });
    expect(done).toMatchObject({
      status: 'complete',
      amount_subtotal: SUBTOTAL,
      amount_total: 35337,
      automatic_tax: { status: 'complete' },
      total_details: { amount_discount: 0, amount_shipping: 500, amount_tax: 2389 },
      shipping_cost: { amount_subtotal: 500, amount_tax: 36, amount_total: 536 },
    });
    expect(done.total_details!.breakdown!.taxes).toEqual([
      {
        amount: 2389,
        rate: expect.objectContaining({
          id: california.id,
          display_name: 'Sales Tax',
          percentage: 7.25,
          inclusive: false,
        }),
        taxability_reason: null,
        taxable_amount: 29998 + 2450 + 500,
      },
    ]);
    expect(done.line_items!.data.map((l) => [l.amount_tax, l.amount_total])).toEqual([
      [2175, 29998 + 2175],
      [178, 2450 + 178],
    ]);
    expect(done.line_items!.data[0]!.taxes![0]).toMatchObject({
      amount: 2175,
      taxable_amount: 29998,
    });
    expect(done.shipping_cost!.taxes).toEqual([expect.objectContaining({ amount: 36 })]);
    expect((done.payment_intent as Stripe.PaymentIntent).amount).toBe(35337);
    expectSessionSchema(
      await rawSession(sb, session.id, ['total_details.breakdown', 'line_items.data.taxes']),
    );
  });

  it('leaves shipping untaxed with the nontaxable code', async () => {
    const done = await paidWith(await taxSession(NONTAXABLE), address.CA);
    expect(done).toMatchObject({
      amount_total: SUBTOTAL + 500 + 2175 + 178,
      total_details: { amount_tax: 2353 },
      shipping_cost: { amount_tax: 0, amount_total: 500, taxes: [] },
    });
  });

  it('charges no tax where no rate matches (New York), and says $0.00', async () => {
    const session = await taxSession(TAXABLE);
    const bounced = await pageAfter(
      await payForm(session.url!, formOf(session, address.NY, { shownTotal: '1' })),
      session.url!,
    );
    expect(summaryAmount(await bounced.page.text(), taxText.tax)).toBe('$0.00');
    const done = await paidWith(session, address.NY);
    expect(done).toMatchObject({
      amount_total: SUBTOTAL + 500,
      automatic_tax: { status: 'complete' },
      total_details: { amount_tax: 0, breakdown: { taxes: [] } },
    });
  });

  it('takes German VAT out of the prices, not on top', async () => {
    const session = await taxSession(TAXABLE);
    const bounced = await pageAfter(
      await payForm(session.url!, formOf(session, address.DE, { shownTotal: '1' })),
      session.url!,
    );
    const page = await bounced.page.text();
    // 29998 × 19/119 → 4790, 2450 → 391, 500 → 80.
    expect(summaryAmount(page, taxText.included('VAT', 19))).toBe('$52.61');
    expect(page).toContain(taxText.totalChanged('$329.48'));
    const done = await paidWith(session, address.DE);
    expect(done).toMatchObject({
      amount_total: SUBTOTAL + 500,
      total_details: { amount_tax: 5261 },
      shipping_cost: { amount_tax: 80, amount_total: 500 },
    });
    expect(done.total_details!.breakdown!.taxes[0]).toMatchObject({
      amount: 5261,
      rate: { display_name: 'VAT', inclusive: true },
      taxable_amount: SUBTOTAL + 500 - 5261,
    });
  });

  it('lets a price’s tax_behavior override the rate’s: inclusive prices in California', async () => {
    const session = await taxSession(NONTAXABLE, {
      line_items: [
        {
          price_data: {
            currency: 'usd',
            unit_amount: 10725,
            tax_behavior: 'inclusive',
            product_data: { name: 'Keychron Q1 Pro' },
          },
          quantity: 1,
        },
      ],
    });
    const done = await paidWith(session, address.CA);
    // 10725 × 7.25/107.25 = 725.
    expect(done).toMatchObject({ amount_total: 10725 + 500, total_details: { amount_tax: 725 } });
    expect(done.line_items!.data[0]).toMatchObject({
      amount_tax: 725,
      amount_total: 10725,
      price: { tax_behavior: 'inclusive' },
    });
  });

  it('refuses a shipping tax code Stripe would not know', async () => {
    const err = await taxSession('shipping').catch((e: unknown) => e as Stripe.errors.StripeError);
    expect(err).toMatchObject({
      statusCode: 400,
      param: 'shipping_options[0][shipping_rate_data][tax_code]',
    });
  });
});
