// The order row a paid checkout becomes: shipping, totals, payment reference; exactly once, with
// exactly one confirmation mail queued; and kept, still shippable, when the account that placed it
// is deleted (docs/operations.md, Order retention). recordOrders over each database, as fulfilment
// calls it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseTargets,
  orderMailsOf,
  type Shopper,
  startTestServer,
  type TestServer,
} from '../test-support/index.ts';
import { recordOrders } from './fulfil.ts';
import { queueRefundMails } from './order-mails.ts';
import { readConfirmedOrder } from './read-order.ts';
import type { OrderLine } from './session-lines.ts';
import type { OrderFacts } from './session-order.ts';

const LINES: OrderLine[] = [
  {
    lineNumber: 0,
    productName: 'Mechanical Keyboard Pro',
    selectedColor: 'White',
    quantity: 1,
    unitAmountCents: 12000,
    productKey: 'keyboards:1',
  },
  {
    lineNumber: 1,
    productName: 'Yellow Switch',
    selectedColor: 'Yellow',
    quantity: 2,
    unitAmountCents: 250,
    productKey: 'switches:10',
  },
];

const ADDRESS = {
  line1: '1 Main St',
  line2: null,
  city: 'Springfield',
  state: 'IL',
  postal_code: '62701',
  country: 'US',
};

const SITE = 'https://shop.example';

const FACTS: OrderFacts & { siteUrl: string } = {
  siteUrl: SITE,
  email: 'buyer@example.com',
  shippingCents: 1999,
  shippingMethod: 'Express',
  shippingRate: 'shr_test_1',
  shippingName: 'Ada Buyer',
  shippingAddress: ADDRESS,
  paymentIntent: 'pi_test_1',
};

let sessions = 0;
const newSession = () => `cs_test_record${Date.now()}x${sessions++}`;

describe.each(databaseTargets())('recording an order on $name', (target) => {
  let server: TestServer;
  let buyer: Shopper;

  const orderRow = async (sessionId: string) =>
    (
      await server.db.query<Record<string, unknown>>(
        `SELECT user_id, email, status, subtotal_cents, shipping_cents, total_cents, shipping_method,
                shipping_rate, shipping_name, shipping_address, payment_intent
         FROM public.shop_orders WHERE checkout_session_id = $1`,
        [sessionId],
      )
    ).rows;

  beforeAll(async () => {
    server = await startTestServer({ target });
    buyer = await server.signUp('buyer');
  });
  afterAll(() => server?.close());

  it('writes one order with the shipping details and total = subtotal + shipping, once', async () => {
    const id = newSession();
    expect(await recordOrders(server.db, id, buyer.id, LINES, FACTS)).toBe(2);
    expect(await recordOrders(server.db, id, buyer.id, LINES, FACTS)).toBe(0);
    expect(await orderRow(id)).toEqual([
      {
        user_id: buyer.id,
        email: 'buyer@example.com',
        status: 'paid',
        subtotal_cents: 12500,
        shipping_cents: 1999,
        total_cents: 14499,
        shipping_method: 'Express',
        shipping_rate: 'shr_test_1',
        shipping_name: 'Ada Buyer',
        shipping_address: ADDRESS,
        payment_intent: 'pi_test_1',
      },
    ]);
    const order = await readConfirmedOrder(server.db, id);
    expect(order).toEqual({
      number: expect.stringMatching(/^KS-\d{5,}$/) as string,
      status: 'paid',
      lines: [
        { name: 'Mechanical Keyboard Pro', color: 'White', quantity: 1, unitCents: 12000 },
        { name: 'Yellow Switch', color: 'Yellow', quantity: 2, unitCents: 250 },
      ],
      shippingMethod: 'Express',
      shippingName: 'Ada Buyer',
      shippingAddress: ADDRESS,
      subtotalCents: 12500,
      shippingCents: 1999,
      totalCents: 14499,
      discountCode: null,
      discountCents: 0,
      taxCents: 0,
      taxInclusive: false,
      taxLabel: null,
    });
    // One confirmation, to the checkout's email, though the order was recorded twice.
    const mails = await orderMailsOf(server.db, order?.number ?? '?');
    expect(mails.map((m) => [m.kind, m.recipient])).toEqual([
      ['order_confirmation', 'buyer@example.com'],
    ]);
    for (const body of [mails[0]?.text_body, mails[0]?.html_body]) {
      for (const fact of [
        'Mechanical Keyboard Pro',
        'Yellow Switch',
        '$5.00',
        'Express',
        '$144.99',
      ])
        expect(body).toContain(fact);
      expect(body).toContain(`${SITE}/keebshop/#/orderHistory`);
    }
  });

  it('records the code, the discount, the tax and what the provider charged as the total', async () => {
    const id = newSession();
    // $125.00 less SPRING-20's $25.00, Express $19.99, 7.25% sales tax on the $100.00 left.
    const facts = {
      ...FACTS,
      discountCode: 'SPRING-20',
      discountCents: 2500,
      taxCents: 725,
      addedTaxCents: 725,
      taxInclusive: false,
      taxLabel: 'Sales tax 7.25%',
      amountTotalCents: 12724,
    };
    expect(await recordOrders(server.db, id, buyer.id, LINES, facts)).toBe(2);
    const { rows } = await server.db.query(
      `SELECT subtotal_cents, shipping_cents, total_cents, discount_code, discount_cents, tax_cents,
              tax_inclusive, tax_label
       FROM public.shop_orders WHERE checkout_session_id = $1`,
      [id],
    );
    expect(rows).toEqual([
      {
        subtotal_cents: 12500,
        shipping_cents: 1999,
        total_cents: 12724,
        discount_code: 'SPRING-20',
        discount_cents: 2500,
        tax_cents: 725,
        tax_inclusive: false,
        tax_label: 'Sales tax 7.25%',
      },
    ]);
    const order = await readConfirmedOrder(server.db, id);
    expect(order).toMatchObject({
      subtotalCents: 12500,
      discountCode: 'SPRING-20',
      discountCents: 2500,
      taxCents: 725,
      taxInclusive: false,
      taxLabel: 'Sales tax 7.25%',
      totalCents: 12724,
    });
    const [mail] = await orderMailsOf(server.db, order?.number ?? '?');
    expect(mail?.text_body).toContain('Discount (SPRING-20): −$25.00');
    expect(mail?.text_body).toContain('Tax (Sales tax 7.25%): $7.25');
    expect(mail?.text_body).toContain('Total: $127.24');

    // A partial refund returns tax in proportion: $50.00 of $127.24 holds $2.85 of the $7.25.
    const { rows: ids } = await server.db.query<{ id: number }>(
      'SELECT id::int AS id FROM public.shop_orders WHERE checkout_session_id = $1',
      [id],
    );
    await server.db.transaction((tx) =>
      queueRefundMails(
        tx,
        ids[0]?.id ?? 0,
        [{ id: 're_taxed', amount: 5000, status: 'succeeded' }],
        SITE,
      ),
    );
    const refundMail = (await orderMailsOf(server.db, order?.number ?? '?'))[1];
    expect(refundMail?.kind).toBe('order_refunded');
    expect(refundMail?.text_body).toContain('Refunded now: $50.00 (includes $2.85 tax)');
  });

  it('records an order discounted to nothing, with no payment to refund', async () => {
    const id = newSession();
    const free = {
      ...FACTS,
      shippingCents: 0,
      paymentIntent: null,
      discountCode: 'FREE-BOARD',
      discountCents: 12500,
      amountTotalCents: 0,
    };
    await recordOrders(server.db, id, buyer.id, LINES, free);
    expect(await orderRow(id)).toMatchObject([
      { subtotal_cents: 12500, shipping_cents: 0, total_cents: 0, payment_intent: null },
    ]);
  });

  it('mails the account address when the checkout has none, and no one when neither has one', async () => {
    const id = newSession();
    await recordOrders(server.db, id, buyer.id, LINES, { ...FACTS, email: null });
    const order = await readConfirmedOrder(server.db, id);
    expect((await orderMailsOf(server.db, order?.number ?? '?')).map((m) => m.recipient)).toEqual([
      buyer.email,
    ]);

    const nobody = newSession();
    await recordOrders(server.db, nobody, null, LINES, { ...FACTS, email: null });
    const unmailed = await readConfirmedOrder(server.db, nobody);
    expect(unmailed?.number).toMatch(/^KS-/);
    expect(await orderMailsOf(server.db, unmailed?.number ?? '?')).toEqual([]);
  });

  it('records a paid checkout whose account was deleted, with no user and the address kept', async () => {
    const gone = await server.signUp('gone');
    const { error } = await server.restClient(gone.accessToken).rpc('delete_user');
    expect(error).toBeNull();
    const id = newSession();
    expect(await recordOrders(server.db, id, gone.id, LINES, FACTS)).toBe(2);
    expect(await orderRow(id)).toMatchObject([
      { user_id: null, shipping_name: 'Ada Buyer', shipping_address: ADDRESS, total_cents: 14499 },
    ]);
    const lines = await server.ordersOf(id);
    expect(lines.map((l) => l.user_id)).toEqual([null, null]);
    // The account is gone; the checkout's address still gets the confirmation.
    const order = await readConfirmedOrder(server.db, id);
    expect(
      (await orderMailsOf(server.db, order?.number ?? '?')).map((m) => [m.kind, m.recipient]),
    ).toEqual([['order_confirmation', 'buyer@example.com']]);
  });

  it('keeps an order shippable when its shopper deletes the account; staff still see it', async () => {
    const leaving = await server.signUp('leaving');
    const id = newSession();
    await recordOrders(server.db, id, leaving.id, LINES, FACTS);
    const before = await server.restClient(leaving.accessToken).from('shop_orders').select('id');
    expect(before.data).toHaveLength(1);

    const { error } = await server.restClient(leaving.accessToken).rpc('delete_user');
    expect(error).toBeNull();
    expect(await orderRow(id)).toMatchObject([
      {
        user_id: null,
        status: 'paid',
        shipping_name: 'Ada Buyer',
        shipping_address: ADDRESS,
        total_cents: 14499,
      },
    ]);
    expect((await server.ordersOf(id)).map((l) => l.product_name)).toEqual([
      'Mechanical Keyboard Pro',
      'Yellow Switch',
    ]);

    // Staff read it under row-level security, as the data API runs their requests.
    const staff = await server.signUp('staff');
    await server.db.query(
      `UPDATE auth.users SET raw_app_meta_data = raw_app_meta_data || '{"role":"staff"}' WHERE id = $1`,
      [staff.id],
    );
    const seen = await server.db.transaction(async (tx) => {
      await tx.query('SET LOCAL ROLE authenticated');
      await tx.query(`SELECT set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: staff.id, role: 'authenticated', app_metadata: { role: 'staff' } }),
      ]);
      return (
        await tx.query<{ shipping_name: string }>(
          'SELECT shipping_name FROM public.shop_orders WHERE checkout_session_id = $1',
          [id],
        )
      ).rows;
    });
    expect(seen).toEqual([{ shipping_name: 'Ada Buyer' }]);
  });
});
