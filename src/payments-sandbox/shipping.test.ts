import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { addressErrors, pageText, shippingText } from './messages.ts';
import { sandboxPerTest } from './test-support/sandbox-per-test.ts';
import {
  pageAfter,
  payForm,
  sessionParams,
  shippingFields,
  shippingParams,
  stripeError,
  type Started,
} from './test-support.ts';

let sb: Started;
sandboxPerTest((started) => (sb = started));

const SUBTOTAL = 2 * 14999 + 2450;

const createError = (params: object) =>
  stripeError(() =>
    sb.stripe.checkout.sessions.create(params as Stripe.Checkout.SessionCreateParams),
  );

const shippingSession = () => sb.stripe.checkout.sessions.create(sessionParams(shippingParams()));

describe('shipping on Checkout Sessions', () => {
  it('creates a session offering shipping rates, the first chosen, in its total', async () => {
    const session = await shippingSession();
    expect(session).toMatchObject({
      shipping_address_collection: { allowed_countries: ['US', 'CA'] },
      amount_subtotal: SUBTOTAL,
      amount_total: SUBTOTAL + 500,
      total_details: { amount_discount: 0, amount_shipping: 500, amount_tax: 0 },
      collected_information: null,
    });
    const [standard, express] = session.shipping_options;
    expect(standard).toMatchObject({ shipping_amount: 500 });
    expect(express).toMatchObject({ shipping_amount: 1500 });
    expect(standard!.shipping_rate).toMatch(/^shr_[A-Za-z0-9]{24}$/);
    expect(session.shipping_cost).toEqual({
      amount_subtotal: 500,
      amount_tax: 0,
      amount_total: 500,
      shipping_rate: standard!.shipping_rate,
    });
    const rate = await sb.stripe.shippingRates.retrieve(express!.shipping_rate as string);
    expect(rate).toMatchObject({
      object: 'shipping_rate',
      type: 'fixed_amount',
      display_name: 'Express',
      fixed_amount: { amount: 1500, currency: 'usd' },
      delivery_estimate: {
        minimum: { unit: 'business_day', value: 1 },
        maximum: { unit: 'business_day', value: 2 },
      },
      active: true,
      livemode: false,
    });
  });

  it('leaves sessions without shipping as they were', async () => {
    const session = await sb.stripe.checkout.sessions.create(sessionParams());
    expect(session).toMatchObject({
      shipping_address_collection: null,
      shipping_cost: null,
      shipping_options: [],
      total_details: { amount_shipping: 0 },
      amount_total: SUBTOTAL,
    });
  });

  it.each([
    [
      'a country that is not an ISO code Stripe ships to',
      { shipping_address_collection: { allowed_countries: ['US', 'XX'] } },
      'shipping_address_collection[allowed_countries][1]',
    ],
    [
      'six shipping options',
      { shipping_options: Array.from({ length: 6 }, () => shippingParams().shipping_options![0]) },
      'shipping_options',
    ],
    [
      'a shipping rate in another currency',
      {
        shipping_options: [
          {
            shipping_rate_data: {
              type: 'fixed_amount',
              display_name: 'Standard',
              fixed_amount: { amount: 500, currency: 'eur' },
            },
          },
        ],
      },
      'shipping_options[0][shipping_rate_data][fixed_amount][currency]',
    ],
    [
      'a negative shipping amount',
      {
        shipping_options: [
          {
            shipping_rate_data: {
              display_name: 'Standard',
              fixed_amount: { amount: -1, currency: 'usd' },
            },
          },
        ],
      },
      'shipping_options[0][shipping_rate_data][fixed_amount][amount]',
    ],
    [
      'a missing display name',
      {
        shipping_options: [
          { shipping_rate_data: { fixed_amount: { amount: 500, currency: 'usd' } } },
        ],
      },
      'shipping_options[0][shipping_rate_data][display_name]',
    ],
    [
      'an unknown delivery estimate unit',
      {
        shipping_options: [
          {
            shipping_rate_data: {
              display_name: 'Standard',
              fixed_amount: { amount: 500, currency: 'usd' },
              delivery_estimate: { minimum: { unit: 'fortnight', value: 1 } },
            },
          },
        ],
      },
      'shipping_options[0][shipping_rate_data][delivery_estimate][minimum][unit]',
    ],
    [
      'a saved shipping rate id',
      { shipping_options: [{ shipping_rate: 'shr_123' }] },
      'shipping_options[0][shipping_rate]',
    ],
  ])('refuses %s with invalid_request_error naming the parameter', async (_, params, param) => {
    const err = await createError(sessionParams(params as Stripe.Checkout.SessionCreateParams));
    expect(err).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, param });
    expect(err.message).not.toBe('');
  });

  it('after payment carries the address, the chosen rate and totals with shipping', async () => {
    const session = await shippingSession();
    const express = session.shipping_options[1]!.shipping_rate as string;
    const res = await payForm(session.url!, {
      ...shippingFields,
      line2: 'Apt 4',
      shippingRate: express,
    });
    expect(res.status).toBe(303);
    const paid = await sb.stripe.checkout.sessions.retrieve(session.id, {
      expand: ['shipping_cost.shipping_rate', 'payment_intent'],
    });
    expect(paid.collected_information?.shipping_details).toEqual({
      name: 'Ada Lovelace',
      address: {
        line1: '12 Analytical Way',
        line2: 'Apt 4',
        city: 'Springfield',
        state: 'IL',
        postal_code: '62701',
        country: 'US',
      },
    });
    expect(paid).toMatchObject({
      amount_subtotal: SUBTOTAL,
      amount_total: SUBTOTAL + 1500,
      total_details: { amount_discount: 0, amount_shipping: 1500, amount_tax: 0 },
      shipping_cost: { amount_subtotal: 1500, amount_tax: 0, amount_total: 1500 },
    });
    const rate = paid.shipping_cost!.shipping_rate as Stripe.ShippingRate;
    expect(rate).toMatchObject({ id: express, display_name: 'Express' });
    const intent = paid.payment_intent as Stripe.PaymentIntent;
    expect(intent.amount).toBe(SUBTOTAL + 1500);
    const charge = await sb.stripe.charges.retrieve(intent.latest_charge as string);
    expect(charge.amount).toBe(SUBTOTAL + 1500);
    expect(charge.shipping?.address?.postal_code).toBe('62701');
  });
});

describe('the hosted page of a session with shipping', () => {
  it('asks for the address and the shipping method, labelled, with the totals', async () => {
    const session = await shippingSession();
    const page = await (await fetch(session.url!)).text();
    for (const [id, label, autocomplete] of [
      ['shippingName', shippingText.fullName, 'shipping name'],
      ['line1', shippingText.line1, 'shipping address-line1'],
      ['line2', shippingText.line2, 'shipping address-line2'],
      ['city', shippingText.city, 'shipping address-level2'],
      ['state', shippingText.state, 'shipping address-level1'],
      ['postalCode', shippingText.postalCode, 'shipping postal-code'],
    ]) {
      expect(page).toContain(`<label for="${id}">${label}</label>`);
      expect(page).toMatch(new RegExp(`id="${id}"[^>]*autocomplete="${autocomplete}"`));
    }
    const options = [...page.matchAll(/<option value="([A-Z]{2})"/g)].map((m) => m[1]);
    expect(options.sort()).toEqual(['CA', 'US']);
    expect(page).toContain(`<legend>${shippingText.methodHeading}</legend>`);
    const radios = [...page.matchAll(/<input\s+type="radio"[^>]*>/g)].map((m) => m[0]);
    expect(radios).toHaveLength(2);
    expect(radios[0]).toContain('checked');
    expect(radios[1]).not.toContain('checked');
    expect(page).toContain('$5.00');
    expect(page).toContain(shippingText.estimate('5–7 business days'));
    expect(page).toContain(shippingText.estimate('1–2 business days'));
    expect(page).toContain(`${shippingText.subtotal}</dt>`);
    expect(page).toContain(`Pay $329.48`);
  });

  it('shows each missing or wrong address field’s error tied to it, keeps the values, and charges nothing', async () => {
    const session = await shippingSession();
    const posted = await payForm(session.url!, {
      ...shippingFields,
      shippingName: ' ',
      line1: '',
      line2: 'Apt 4',
      city: '',
      state: '',
      postalCode: '',
      country: 'FR',
    });
    const { page: res } = await pageAfter(posted, session.url!);
    const page = await res.text();
    const expected = {
      shippingName: addressErrors.nameMissing,
      line1: addressErrors.line1Missing,
      city: addressErrors.cityMissing,
      state: addressErrors.stateMissing,
      postalCode: addressErrors.postalMissing,
      country: addressErrors.countryInvalid,
    };
    for (const [field, message] of Object.entries(expected)) {
      expect(page).toMatch(
        new RegExp(`id="${field}"[^>]*aria-describedby="${field}-error"[^>]*aria-invalid="true"`),
      );
      expect(page).toContain(`<p class="field-error" id="${field}-error">${message}</p>`);
      expect(page).toMatch(new RegExp(`<a href="#${field}"\\s*>${message}</a`));
    }
    expect(page).toMatch(/id="shippingName"[^>]*autofocus/);
    expect(page).toContain(pageText.errorSummary);
    expect(page).toContain('value="Apt 4"');
    expect(page).toContain('value="ada@example.com"');
    expect((await sb.stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');

    const zip = await pageAfter(
      await payForm(session.url!, { ...shippingFields, postalCode: '6270' }),
      session.url!,
    );
    expect(await zip.page.text()).toContain(addressErrors.postalInvalid);
  });

  it('shows the new total when the shipping choice changed it, and charges it on the next pay', async () => {
    const session = await shippingSession();
    const express = session.shipping_options[1]!.shipping_rate as string;
    const fields = { ...shippingFields, shippingRate: express, shownTotal: String(SUBTOTAL + 500) };
    const first = await pageAfter(await payForm(session.url!, fields), session.url!);
    const page = await first.page.text();
    expect(page).toContain(shippingText.totalChanged('$339.48'));
    expect(page).toContain('Pay $339.48');
    expect(page).toMatch(new RegExp(`value="${express}"\\s+checked`));
    expect((await sb.stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    const paid = await payForm(session.url!, { ...fields, shownTotal: String(SUBTOTAL + 1500) });
    expect(paid.status).toBe(303);
    expect((await sb.stripe.checkout.sessions.retrieve(session.id)).amount_total).toBe(
      SUBTOTAL + 1500,
    );
  });
});
