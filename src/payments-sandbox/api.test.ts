import Stripe from 'stripe';
import { pageText } from './messages.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { sandboxPerTest } from './test-support/sandbox-per-test.ts';
import { sessionParams, stripeClient, stripeError, type Started } from './test-support.ts';

let sb: Started;
let now = Date.UTC(2026, 10, 21, 12, 0, 0);

// Before the sandbox starts, so that it starts at this time.
beforeEach(() => {
  now = Date.UTC(2026, 10, 21, 12, 0, 0);
});
sandboxPerTest(
  (started) => (sb = started),
  () => ({ clock: () => now }),
);

/** The error the SDK throws for a create with these parameters. */
const createError = (params: object) =>
  stripeError(() =>
    sb.stripe.checkout.sessions.create(params as Stripe.Checkout.SessionCreateParams),
  );

describe('POST /v1/checkout/sessions', () => {
  it('creates an open session from the form encoding stripe-node sends', async () => {
    const session = await sb.stripe.checkout.sessions.create(sessionParams());
    const created = Math.floor(now / 1000);
    expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]{58}$/);
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      mode: 'payment',
      currency: 'usd',
      amount_subtotal: 2 * 14999 + 2450,
      amount_total: 2 * 14999 + 2450,
      metadata: { userId: '6f1c2a9e-0000-4000-8000-00000000abcd' },
      success_url: 'http://localhost:3000/keebshop/#/orderSuccess?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/keebshop/#/cart',
      created,
      expires_at: created + 24 * 60 * 60,
      livemode: false,
      customer_details: null,
      payment_intent: null,
      allowed_payment_method_types: ['card'],
    });
    expect(session.url).toBe(`${sb.url}/c/pay/${session.id}`);
    expect(session.line_items).toBeUndefined();
    expect(session.lastResponse.requestId).toMatch(/^req_[A-Za-z0-9]{14}$/);
  });

  it('keeps names with brackets, ampersands and non-ASCII text intact', async () => {
    const name = 'Switch tester [9 switches] & keycap puller — 日本';
    const session = await sb.stripe.checkout.sessions.create(
      sessionParams({
        line_items: [
          {
            price_data: { currency: 'usd', unit_amount: 999, product_data: { name } },
            quantity: 3,
          },
        ],
        metadata: { userId: 'u 1+2', note: 'a=b&c' },
      }),
    );
    const items = await sb.stripe.checkout.sessions.listLineItems(session.id);
    expect(items.data[0]?.description).toBe(name);
    expect(session.metadata).toEqual({ userId: 'u 1+2', note: 'a=b&c' });
  });

  it('honours expires_at within 30 minutes to 24 hours, and refuses it outside', async () => {
    const created = Math.floor(now / 1000);
    const session = await sb.stripe.checkout.sessions.create(
      sessionParams({ expires_at: created + 3600 }),
    );
    expect(session.expires_at).toBe(created + 3600);
    const tooSoon = await createError(sessionParams({ expires_at: created + 600 }));
    expect(tooSoon.param).toBe('expires_at');
    const tooLate = await createError(sessionParams({ expires_at: created + 25 * 3600 }));
    expect(tooLate.param).toBe('expires_at');
  });

  it.each([
    ['mode missing', { mode: undefined }, 'mode', 'parameter_missing'],
    ['mode subscription', { mode: 'subscription' }, 'mode', undefined],
    ['no line items', { line_items: [] }, 'line_items', 'parameter_missing'],
    [
      'a currency other than usd',
      {
        line_items: [
          {
            price_data: { currency: 'eur', unit_amount: 100, product_data: { name: 'x' } },
            quantity: 1,
          },
        ],
      },
      'line_items[0][price_data][currency]',
      undefined,
    ],
    [
      'a zero unit amount',
      {
        line_items: [
          {
            price_data: { currency: 'usd', unit_amount: 0, product_data: { name: 'x' } },
            quantity: 1,
          },
        ],
      },
      'line_items[0][price_data][unit_amount]',
      'amount_too_small',
    ],
    [
      'a unit amount over 99999999',
      {
        line_items: [
          {
            price_data: { currency: 'usd', unit_amount: 100_000_000, product_data: { name: 'x' } },
            quantity: 1,
          },
        ],
      },
      'line_items[0][price_data][unit_amount]',
      'amount_too_large',
    ],
    [
      'a fractional unit amount',
      {
        line_items: [
          {
            price_data: { currency: 'usd', unit_amount: 12.5, product_data: { name: 'x' } },
            quantity: 1,
          },
        ],
      },
      'line_items[0][price_data][unit_amount]',
      'parameter_invalid_integer',
    ],
    [
      'an empty product name',
      {
        line_items: [
          {
            price_data: { currency: 'usd', unit_amount: 100, product_data: { name: '' } },
            quantity: 1,
          },
        ],
      },
      'line_items[0][price_data][product_data][name]',
      'parameter_invalid_empty',
    ],
    [
      'a zero quantity in the second line',
      {
        line_items: [
          {
            price_data: { currency: 'usd', unit_amount: 100, product_data: { name: 'x' } },
            quantity: 1,
          },
          {
            price_data: { currency: 'usd', unit_amount: 100, product_data: { name: 'y' } },
            quantity: 0,
          },
        ],
      },
      'line_items[1][quantity]',
      undefined,
    ],
    [
      'a relative success_url',
      { success_url: '/keebshop/#/orderSuccess' },
      'success_url',
      'url_invalid',
    ],
    [
      'a javascript: cancel_url',
      { cancel_url: 'javascript:alert(1)' },
      'cancel_url',
      'url_invalid',
    ],
    [
      'a non-card payment method',
      { allowed_payment_method_types: ['paypal'] },
      'allowed_payment_method_types[0]',
      'payment_method_unsupported_type',
    ],
    [
      'payment_method_types, removed in API 2026-09-30',
      { payment_method_types: ['card'] },
      'payment_method_types',
      'payment_method_types_no_longer_supported',
    ],
    ['an unknown parameter', { shipping_color: 'red' }, 'shipping_color', 'parameter_unknown'],
    [
      'a metadata value over 500 characters',
      { metadata: { note: 'x'.repeat(501) } },
      'metadata[note]',
      undefined,
    ],
    [
      '51 metadata keys',
      { metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v'])) },
      'metadata',
      undefined,
    ],
    ['an unknown expansion', { expand: ['customer.invoice_settings'] }, 'expand[0]', undefined],
  ])(
    'refuses %s as StripeInvalidRequestError with its param',
    async (_label, override, param, code) => {
      const err = await createError({ ...sessionParams(), ...override });
      expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(err.statusCode).toBe(400);
      expect(err.param).toBe(param);
      expect(err.code).toBe(code);
      expect(err.message.length).toBeGreaterThan(0);
    },
  );

  it('accepts 100 line items and refuses 101', async () => {
    const item = {
      price_data: { currency: 'usd', unit_amount: 100, product_data: { name: 'Cap' } },
      quantity: 1,
    };
    const ok = await sb.stripe.checkout.sessions.create(
      sessionParams({ line_items: Array.from({ length: 100 }, () => item) }),
    );
    expect(ok.amount_total).toBe(10_000);
    const err = await createError(
      sessionParams({ line_items: Array.from({ length: 101 }, () => item) }),
    );
    expect(err.param).toBe('line_items');
  });

  it('answers a wrong or missing key with 401 (StripeAuthenticationError) in Stripe’s shape', async () => {
    const wrong = stripeClient('sk_test_notTheRightKeyAtAll', sb.port);
    await expect(wrong.checkout.sessions.create(sessionParams())).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
    const res = await fetch(`${sb.url}/v1/checkout/sessions/cs_test_x`);
    expect(res.status).toBe(401);
    const body = (await res.json()) as { error: { type: string; message: string } };
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toMatch(/did not provide an API key/);
    expect(res.headers.get('request-id')).toMatch(/^req_/);
  });

  it('replays a POST with the same Idempotency-Key instead of creating a second session', async () => {
    const first = await sb.stripe.checkout.sessions.create(sessionParams(), {
      idempotencyKey: 'cart-42',
    });
    const again = await sb.stripe.checkout.sessions.create(sessionParams(), {
      idempotencyKey: 'cart-42',
    });
    expect(again.id).toBe(first.id);
    await expect(
      sb.stripe.checkout.sessions.create(sessionParams({ metadata: { userId: 'other' } }), {
        idempotencyKey: 'cart-42',
      }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });
});

describe('reading and expiring sessions', () => {
  it('retrieves with expand line_items.data.price.product in Stripe’s shape', async () => {
    const { id } = await sb.stripe.checkout.sessions.create(sessionParams());
    const session = await sb.stripe.checkout.sessions.retrieve(id, {
      expand: ['line_items.data.price.product'],
    });
    const items = session.line_items!;
    expect(items).toMatchObject({
      object: 'list',
      has_more: false,
      url: `/v1/checkout/sessions/${id}/line_items`,
    });
    expect(items.data).toHaveLength(2);
    const first = items.data[0]!;
    expect(first).toMatchObject({
      object: 'item',
      description: 'Keychron Q1 Pro (Carbon Black)',
      quantity: 2,
      amount_subtotal: 29998,
      amount_total: 29998,
      currency: 'usd',
    });
    expect(first.id).toMatch(/^li_/);
    expect(first.price).toMatchObject({ object: 'price', unit_amount: 14999, currency: 'usd' });
    expect(first.price!.id).toMatch(/^price_/);
    const product = first.price!.product as Stripe.Product;
    expect(product).toMatchObject({ object: 'product', name: 'Keychron Q1 Pro (Carbon Black)' });
    expect(product.id).toMatch(/^prod_/);
    expect(String(first.price!.unit_amount_decimal)).toBe('14999');

    const plain = await sb.stripe.checkout.sessions.retrieve(id, { expand: ['line_items'] });
    expect(typeof plain.line_items!.data[0]!.price!.product).toBe('string');
  });

  it('answers an unknown session, or an unknown route, with 404 in Stripe’s shape', async () => {
    const err = await sb.stripe.checkout.sessions
      .retrieve('cs_test_doesNotExist')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(err).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'session' });
    const res = await fetch(`${sb.url}/v1/customers`, {
      headers: { authorization: `Bearer ${sb.secretKey}` },
    });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { type: string } }).error.type).toBe(
      'invalid_request_error',
    );
  });

  it('lists line items with limit and starting_after, and auto-pagination sees them all', async () => {
    const line_items = Array.from({ length: 12 }, (_, i) => ({
      price_data: { currency: 'usd', unit_amount: 100 + i, product_data: { name: `Keycap ${i}` } },
      quantity: 1,
    }));
    const { id } = await sb.stripe.checkout.sessions.create(sessionParams({ line_items }));
    const page1 = await sb.stripe.checkout.sessions.listLineItems(id, { limit: 5 });
    expect(page1.data.map((li) => li.description)).toEqual(
      [0, 1, 2, 3, 4].map((i) => `Keycap ${i}`),
    );
    expect(page1.has_more).toBe(true);
    const page2 = await sb.stripe.checkout.sessions.listLineItems(id, {
      limit: 5,
      starting_after: page1.data.at(-1)!.id,
    });
    expect(page2.data[0]!.description).toBe('Keycap 5');
    const all = await sb.stripe.checkout.sessions
      .listLineItems(id, { limit: 5 })
      .autoPagingToArray({ limit: 100 });
    expect(all).toHaveLength(12);
    // Like Stripe, an expanded session carries only the first handful of its items.
    const expanded = await sb.stripe.checkout.sessions.retrieve(id, { expand: ['line_items'] });
    expect(expanded.line_items!.data).toHaveLength(10);
    expect(expanded.line_items!.has_more).toBe(true);
  });

  it('expires an open session once, and refuses to expire it again', async () => {
    const { id } = await sb.stripe.checkout.sessions.create(sessionParams());
    const expired = await sb.stripe.checkout.sessions.expire(id);
    expect(expired).toMatchObject({ status: 'expired', payment_status: 'unpaid', url: null });
    const err = await sb.stripe.checkout.sessions.expire(id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((err as Error).message).toBe(
      'Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of `expired`.',
    );
  });

  it('turns a session expired when the clock passes expires_at', async () => {
    const { id, expires_at } = await sb.stripe.checkout.sessions.create(sessionParams());
    now = (expires_at - 1) * 1000;
    expect((await sb.stripe.checkout.sessions.retrieve(id)).status).toBe('open');
    now = expires_at * 1000;
    const session = await sb.stripe.checkout.sessions.retrieve(id);
    expect(session).toMatchObject({ status: 'expired', url: null });
    const page = await fetch(`${sb.url}/c/pay/${id}`);
    expect(await page.text()).toContain(pageText.expiredTitle);
  });
});
