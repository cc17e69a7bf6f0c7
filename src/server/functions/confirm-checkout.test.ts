// confirm-checkout through functions-js, as the Order Confirmation page calls it: the real app,
// sessions created by the checkout function and paid on the sandbox's hosted page, each database.
import type { FunctionsClient } from '@supabase/functions-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippingFields } from '../../payments-sandbox/test-support.ts';
import { USER_MISMATCH_WARNING } from '../orders/index.ts';
import {
  type DatabaseTarget,
  databaseTargets,
  type PayingTestServer,
  type Shopper,
  startTestServer,
} from '../test-support/index.ts';

async function call(functions: FunctionsClient, name: string, body: Record<string, unknown>) {
  const { data, error } = await functions.invoke<Record<string, unknown>>(name, { body });
  if (!error) return { status: 200, body: data ?? {} };
  const context = (error as { context: Response }).context;
  return { status: context.status, body: (await context.json()) as Record<string, unknown> };
}

const CART = [
  { key: 'keyboards:1', color: 'White', quantity: 1, price: 1 },
  { key: 'switches:10', color: 'Yellow', quantity: 2 },
];

describe.each(databaseTargets())('confirm-checkout on $name', (target) => {
  let server: PayingTestServer;
  let buyer: Shopper;

  async function checkout(shopper: Shopper = buyer) {
    const answer = await call(shopper.functions, 'checkout', { items: CART });
    expect(answer.status).toBe(200);
    return answer.body as { id: string; url: string };
  }

  async function paidSession(shopper: Shopper = buyer) {
    const session = await checkout(shopper);
    const paid = await server.pay(session);
    expect(paid.status).toBe(303);
    return session;
  }

  beforeAll(async () => {
    server = await startTestServer({ payments: true, target });
    buyer = await server.signUp('buyer');
  });
  afterAll(() => server?.close());

  it('reports an unpaid session as not paid, with its status, and records nothing', async () => {
    const { id } = await checkout();
    const answer = await call(buyer.functions, 'confirm-checkout', { session_id: id });
    expect(answer).toEqual({
      status: 200,
      body: { status: 'not_paid', paymentStatus: 'unpaid', saved: 0, skipped: 0 },
    });
    expect(await server.ordersOf(id)).toEqual([]);
  });

  it('reports an unknown session as not paid (not found)', async () => {
    const answer = await call(buyer.functions, 'confirm-checkout', {
      session_id: 'cs_test_doesnotexist',
    });
    expect(answer.body).toEqual({
      status: 'not_paid',
      paymentStatus: 'not_found',
      saved: 0,
      skipped: 0,
    });
  });

  it('refuses a body without a well-formed session id', async () => {
    for (const body of [{}, { session_id: 'not a session' }, { session_id: 42 }]) {
      const answer = await call(buyer.functions, 'confirm-checkout', body);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe('invalid_session_id');
    }
  });

  it('verifies a paid session without writing, then saves its lines at catalogue prices', async () => {
    const { id } = await paidSession();
    const verified = await call(buyer.functions, 'confirm-checkout', {
      session_id: id,
      verify_only: true,
    });
    expect(verified.body).toEqual({
      status: 'verified',
      paymentStatus: 'paid',
      saved: 0,
      skipped: 0,
    });
    expect(await server.ordersOf(id)).toEqual([]);

    const saved = await call(buyer.functions, 'confirm-checkout', { session_id: id });
    expect(saved).toEqual({
      status: 200,
      body: {
        status: 'saved',
        paymentStatus: 'paid',
        saved: 2,
        skipped: 0,
        // The order, as the confirmation page shows it: $125 ships Standard for free.
        order: {
          number: expect.stringMatching(/^KS-\d{5,}$/) as string,
          status: 'paid',
          lines: [
            { name: 'Mechanical Keyboard Pro', color: 'White', quantity: 1, unitCents: 12000 },
            { name: 'Yellow Switch', color: 'Yellow', quantity: 2, unitCents: 250 },
          ],
          shippingMethod: 'Standard',
          shippingName: shippingFields.shippingName,
          shippingAddress: {
            line1: shippingFields.line1,
            line2: null,
            city: shippingFields.city,
            state: shippingFields.state,
            postal_code: shippingFields.postalCode,
            country: shippingFields.country,
          },
          subtotalCents: 12500,
          shippingCents: 0,
          totalCents: 12500,
          // No code typed and no tax rate: nothing off, nothing added.
          discountCode: null,
          discountCents: 0,
          taxCents: 0,
          taxInclusive: false,
          taxLabel: null,
        },
      },
    });
    const provider = await server.stripe.checkout.sessions.retrieve(id);
    const { rows: recorded } = await server.db.query<Record<string, unknown>>(
      `SELECT total_cents, shipping_rate, payment_intent, email, user_id
       FROM public.shop_orders WHERE checkout_session_id = $1`,
      [id],
    );
    expect(recorded).toEqual([
      {
        total_cents: provider.amount_total,
        shipping_rate: provider.shipping_cost?.shipping_rate,
        payment_intent: provider.payment_intent,
        // The shopper's own, prefilled on the payment page (customer_email).
        email: buyer.email,
        user_id: buyer.id,
      },
    ]);
    expect(await server.ordersOf(id)).toEqual([
      {
        user_id: buyer.id,
        product_name: 'Mechanical Keyboard Pro',
        selected_color: 'White',
        quantity: 1,
        price: '120.00',
        line_number: 0,
        product_key: 'keyboards:1',
      },
      {
        user_id: buyer.id,
        product_name: 'Yellow Switch',
        selected_color: 'Yellow',
        quantity: 2,
        price: '2.50',
        line_number: 1,
        product_key: 'switches:10',
      },
    ]);

    // A reload of the success page: the same answer, and still one set of rows.
    const again = await call(buyer.functions, 'confirm-checkout', { session_id: id });
    expect(again.body).toEqual(saved.body);
    expect(await server.ordersOf(id)).toHaveLength(2);
  });

  it('saves for the user in the session metadata when nobody is signed in', async () => {
    const { id } = await paidSession();
    const answer = await call(server.functionsClient(), 'confirm-checkout', {
      session_id: id,
    });
    expect(answer.body).toMatchObject({ status: 'saved', saved: 2 });
    expect((await server.ordersOf(id)).map((r) => r.user_id)).toEqual([buyer.id, buyer.id]);
  });

  it('warns, but still saves to the buyer, when another user confirms the session', async () => {
    const { id } = await paidSession();
    const other = await server.signUp('buyer');
    const answer = await call(other.functions, 'confirm-checkout', { session_id: id });
    expect(answer.body).toEqual({
      status: 'saved',
      paymentStatus: 'paid',
      saved: 2,
      skipped: 0,
      warning: USER_MISMATCH_WARNING,
      order: expect.objectContaining({ totalCents: 12500 }) as unknown,
    });
    expect((await server.ordersOf(id)).map((r) => r.user_id)).toEqual([buyer.id, buyer.id]);
    // The other user sees none of it through the data API.
    const { rows } = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM public.orders WHERE user_id = $1',
      [other.id],
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('answers no_user for a paid session with no owner and nobody signed in', async () => {
    const session = await server.stripe.checkout.sessions.create({
      mode: 'payment',
      allowed_payment_method_types: ['card'],
      line_items: [
        {
          price_data: {
            currency: 'usd',
            unit_amount: 250,
            product_data: { name: 'Yellow Switch (Yellow)' },
          },
          quantity: 1,
        },
      ],
      success_url: 'http://shop.test/keebshop/#/orderSuccess?session_id={CHECKOUT_SESSION_ID}',
    });
    await server.pay(session);
    const anonymous = await call(server.functionsClient(), 'confirm-checkout', {
      session_id: session.id,
    });
    expect(anonymous.body).toEqual({
      status: 'no_user',
      paymentStatus: 'paid',
      saved: 0,
      skipped: 0,
    });
    // Signed in, the shopper's own id stands in for the missing metadata.
    const signedIn = await call(buyer.functions, 'confirm-checkout', { session_id: session.id });
    expect(signedIn.body).toMatchObject({ status: 'saved', saved: 1 });
    expect((await server.ordersOf(session.id)).map((r) => r.user_id)).toEqual([buyer.id]);
  });
});

describe('confirm-checkout with line items lacking data', () => {
  let server: PayingTestServer;
  afterAll(() => server?.close());

  it('skips items without a name, quantity or unit amount and counts them', async () => {
    // What a provider might send for items whose product was deleted or whose price is gone.
    server = await startTestServer({
      payments: true,
      target: databaseTargets()[0] as DatabaseTarget,
      rewrite: (path, body) => {
        if (!/^\/v1\/checkout\/sessions\/cs_/.test(path)) return body;
        const items = (body.line_items as { data: Record<string, unknown>[] } | undefined)?.data;
        if (!items || items.length < 4) return body;
        const [, noName, noQuantity, noAmount] = items as [
          unknown,
          Record<string, unknown>,
          Record<string, unknown>,
          { price: Record<string, unknown> },
        ];
        noName.description = null;
        (noName.price as Record<string, unknown>).product = {
          id: 'prod_x',
          object: 'product',
          deleted: true,
        };
        noQuantity.quantity = null;
        noAmount.price.unit_amount = null;
        return body;
      },
    });
    const shopper = await server.signUp('buyer');
    const items = [
      { key: 'keyboards:1', color: 'Black', quantity: 1 },
      { key: 'switches:10', color: 'Yellow', quantity: 1 },
      { key: 'accessories:201', color: 'Black', quantity: 1 },
      { key: 'accessories:208', color: 'Standard', quantity: 1 },
    ];
    const session = await call(shopper.functions, 'checkout', { items });
    const { id, url } = session.body as { id: string; url: string };
    await server.pay({ url });
    const answer = await call(shopper.functions, 'confirm-checkout', { session_id: id });
    expect(answer.body).toMatchObject({
      status: 'partially_saved',
      paymentStatus: 'paid',
      saved: 1,
      skipped: 3,
      order: { lines: [{ name: 'Mechanical Keyboard Pro' }] },
    });
    expect((await server.ordersOf(id)).map((r) => r.product_name)).toEqual([
      'Mechanical Keyboard Pro',
    ]);
  });
});
