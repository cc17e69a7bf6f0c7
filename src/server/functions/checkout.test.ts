// The checkout function through functions-js, as the browser calls it, against the real app, the
// real sandbox (read back with the stripe SDK) and each database target.
import type { FunctionsClient } from '@supabase/functions-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseTargets,
  type PayingTestServer,
  type Shopper,
  startTestServer,
} from '../test-support/index.ts';

async function invoke(functions: FunctionsClient, body: unknown) {
  const { data, error } = await functions.invoke<Record<string, unknown>>('checkout', {
    body: body as Record<string, unknown>,
  });
  if (!error) return { status: 200, body: data ?? {} };
  const context = (error as { context: Response }).context;
  return { status: context.status, body: (await context.json()) as Record<string, unknown> };
}

describe.each(databaseTargets())('checkout on $name', (target) => {
  let server: PayingTestServer;
  let buyer: Shopper;

  beforeAll(async () => {
    // Lines past the per-order limits (order-limits.ts) test what the provider takes.
    const noLimits = '99900';
    server = await startTestServer({
      payments: true,
      target,
      env: {
        CHECKOUT_MAX_PER_PRODUCT: noLimits,
        CHECKOUT_MAX_SWITCHES_PER_PRODUCT: noLimits,
        CHECKOUT_MAX_UNITS: noLimits,
      },
    });
    buyer = await server.signUp('buyer');
  });
  afterAll(() => server?.close());

  it("lets the shop's pages go to the hosted checkout page (CSP form-action)", async () => {
    const page = await server.app.request('/keebshop/');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`form-action 'self' ${server.sandboxUrl}`);
    // Nothing else is opened up: the browser never calls the provider itself.
    expect(csp).toContain("connect-src 'self';");
  });

  it('refuses a shopper who is not signed in with 401', async () => {
    const answer = await invoke(server.functionsClient(), {
      items: [{ key: 'keyboards:1', color: 'Black', quantity: 1 }],
    });
    expect(answer).toEqual({
      status: 401,
      body: { error: 'not_signed_in', message: 'Please log in to check out.' },
    });
    const forged = await invoke(server.functionsClient('not-a-token'), {
      items: [{ key: 'keyboards:1', color: 'Black', quantity: 1 }],
    });
    expect(forged.status).toBe(401);
  });

  it.each([
    ['no items', { items: [] }, 'Your cart is empty.'],
    [
      'a quantity of 0',
      { items: [{ key: 'keyboards:1', color: 'Black', quantity: 0 }] },
      'Invalid or missing quantity for item: Mechanical Keyboard Pro.',
    ],
    [
      'a missing quantity',
      { items: [{ key: 'switches:10', color: 'Yellow' }] },
      'Invalid or missing quantity for item: Yellow Switch.',
    ],
    [
      'a fractional quantity',
      { items: [{ key: 'switches:10', color: 'Yellow', quantity: 1.5 }] },
      'Invalid or missing quantity for item: Yellow Switch.',
    ],
    [
      'an absurd quantity',
      { items: [{ key: 'switches:10', color: 'Yellow', quantity: 1000 }] },
      'Invalid or missing quantity for item: Yellow Switch.',
    ],
    [
      'a negative price',
      { items: [{ key: 'switches:10', color: 'Yellow', quantity: 1, price: -2.5 }] },
      'Invalid or missing price for item: Yellow Switch. Please check cart data.',
    ],
    [
      'an unknown product',
      { items: [{ key: 'keyboards:999', color: 'Black', quantity: 1 }] },
      'Unknown product: keyboards:999.',
    ],
    [
      'an unknown colour',
      { items: [{ category: 'keyboards', id: 1, color: 'Purple', quantity: 1 }] },
      'Unknown colour "Purple" for item: Mechanical Keyboard Pro. Available: Black, White, Red.',
    ],
    [
      'no items list',
      { cart: [] },
      'The request must be JSON like {"items": [{"key", "color", "quantity"}]}.',
    ],
  ])('refuses a cart with %s: 400 with a clear message', async (_, body, message) => {
    expect(await invoke(buyer.functions, body)).toEqual({
      status: 400,
      body: { error: 'invalid_cart', message },
    });
  });

  it('creates a card-only payment session at catalogue prices, whatever price the browser sent', async () => {
    const answer = await invoke(buyer.functions, {
      items: [
        { key: 'keyboards:1', color: 'Red', quantity: 2, price: 0.01 },
        { category: 'switches', id: 10, color: 'Yellow', quantity: 3, price: 2.5 },
        { key: 'accessories:208', quantity: 1 },
      ],
    });
    expect(answer.status).toBe(200);
    const { id, url } = answer.body as { id: string; url: string };
    expect(id).toMatch(/^cs_test_/);
    expect(url).toBe(`${server.sandboxUrl}/c/pay/${id}`);
    // The browser's 0.01 is ignored, and said so in the log.
    expect(server.logs).toContainEqual(
      expect.objectContaining({
        msg: 'checkout: ignored a price sent by the browser',
        key: 'keyboards:1',
        sentPrice: 0.01,
        cataloguePrice: 120,
      }),
    );

    const session = await server.stripe.checkout.sessions.retrieve(id, {
      expand: ['line_items.data.price.product'],
    });
    expect(session).toMatchObject({
      mode: 'payment',
      currency: 'usd',
      payment_status: 'unpaid',
      allowed_payment_method_types: ['card'],
      // The shopper types a code on the hosted page, never in the cart.
      allow_promotion_codes: true,
      metadata: { userId: buyer.id },
      success_url: `${server.url}/keebshop/#/orderSuccess?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${server.url}/keebshop/#/cart?checkout=cancelled`,
      amount_total: 2 * 12000 + 3 * 250 + 600,
    });
    const lines = session.line_items?.data.map((item) => ({
      name:
        typeof item.price?.product === 'object' && 'name' in item.price.product
          ? item.price.product.name
          : null,
      unit: item.price?.unit_amount,
      currency: item.price?.currency,
      quantity: item.quantity,
    }));
    expect(lines).toEqual([
      { name: 'Mechanical Keyboard Pro (Red)', unit: 12000, currency: 'usd', quantity: 2 },
      { name: 'Yellow Switch (Yellow)', unit: 250, currency: 'usd', quantity: 3 },
      // No colour chosen: "Default", as docs/product.md (Checkout) names it.
      { name: 'Cable (Default)', unit: 600, currency: 'usd', quantity: 1 },
    ]);
  });

  it('takes a line of 999, the one limit the shop and the cart share (docs/product.md)', async () => {
    // Stock permitting (docs/decisions/0025-stock-holds.md): the seed's 50 would refuse it.
    await server.db.query(
      `UPDATE public.stock SET on_hand = 1000 WHERE product_key = 'switches:205' AND color = 'Blue'`,
    );
    const answer = await invoke(buyer.functions, {
      items: [{ key: 'switches:205', color: 'Blue', quantity: 999 }],
    });
    expect(answer.status).toBe(200);
    const { id } = answer.body as { id: string };
    const session = await server.stripe.checkout.sessions.retrieve(id);
    expect(session.amount_total).toBe(999 * 300);
  });

  it('passes Stripe refusing the session on as an invalid-data error with its message', async () => {
    // 70 lines of 99 of a $160 keyboard is over the $999,999.99 a session may be.
    const items = Array.from({ length: 70 }, () => ({
      key: 'keyboards:109',
      color: 'Black',
      quantity: 99,
    }));
    await server.db.query(
      `UPDATE public.stock SET on_hand = 100000 WHERE product_key = 'keyboards:109' AND color = 'Black'`,
    );
    const answer = await invoke(buyer.functions, { items });
    // The units held for the refused session are on sale again.
    const { rows } = await server.db.query<{ available: number }>(
      `SELECT available FROM public.stock_availability
       WHERE product_key = 'keyboards:109' AND color = 'Black'`,
    );
    expect(rows[0]?.available).toBe(100000);
    expect(answer).toEqual({
      status: 400,
      body: {
        error: 'stripe_invalid_request',
        type: 'StripeInvalidRequestError',
        message: "The Checkout Session's total amount due must be no more than $999,999.99.",
      },
    });
  });

  it('asks for an address in the shop’s countries and offers Standard and Express, untaxed without rates', async () => {
    const rates = async (items: unknown[]) => {
      const answer = await invoke(buyer.functions, { items });
      expect(answer.status).toBe(200);
      const session = await server.stripe.checkout.sessions.retrieve(answer.body.id as string);
      expect(session.shipping_address_collection?.allowed_countries).toEqual(
        'US,CA,GB,IE,DE,FR,NL,BE,SE,DK,ES,IT,AU,NZ,JP'.split(','),
      );
      expect(session.automatic_tax.enabled).toBe(false);
      return Promise.all(
        session.shipping_options.map(async (option) => {
          const rate = await server.stripe.shippingRates.retrieve(option.shipping_rate as string);
          return [
            rate.display_name,
            option.shipping_amount,
            rate.delivery_estimate?.maximum?.value,
            rate.tax_code,
          ];
        }),
      );
    };
    // $99 of switches: Standard costs $5.99. $100 and more: Standard is free.
    // Shipping is not taxable unless staff say so (public.shop_settings).
    expect(await rates([{ key: 'switches:10', color: 'Yellow', quantity: 2 }])).toEqual([
      ['Standard', 599, 7, 'txcd_00000000'],
      ['Express', 1999, 2, 'txcd_00000000'],
    ]);
    expect(await rates([{ key: 'keyboards:1', color: 'Black', quantity: 1 }])).toEqual([
      ['Standard', 0, 7, 'txcd_00000000'],
      ['Express', 1999, 2, 'txcd_00000000'],
    ]);
  });

  it('asks for automatic tax once the owner has an active rate, and taxes shipping when set', async () => {
    // A server of its own: the other tests' checkouts found no rate, which a server remembers
    // for a few seconds (checkout-tax.ts).
    const taxed = await startTestServer({ payments: true, target });
    try {
      await taxed.stripe.taxRates.create({
        display_name: 'Sales tax',
        percentage: 7.25,
        inclusive: false,
        country: 'US',
        state: 'CA',
      });
      await taxed.db.query('UPDATE public.shop_settings SET shipping_taxable = true');
      const shopper = await taxed.signUp('taxed');
      const answer = await invoke(shopper.functions, {
        items: [{ key: 'keyboards:1', color: 'Black', quantity: 1 }],
      });
      expect(answer.status).toBe(200);
      const session = await taxed.stripe.checkout.sessions.retrieve(answer.body.id as string);
      expect(session.automatic_tax.enabled).toBe(true);
      expect(session.allow_promotion_codes).toBe(true);
      const codes = await Promise.all(
        session.shipping_options.map(
          async (o) =>
            (await taxed.stripe.shippingRates.retrieve(o.shipping_rate as string)).tax_code,
        ),
      );
      expect(codes).toEqual(['txcd_92010001', 'txcd_92010001']);
    } finally {
      await taxed.close();
    }
  });
});
