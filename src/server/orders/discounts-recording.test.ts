// A checkout with a discount code and sales tax, paid on the sandbox's hosted page and confirmed
// as the success page does: the order records the code, the discount, the tax and what the
// provider charged, and the confirmation says so (docs/decisions/0050-discount-codes-and-sales-tax.md).
// A code taking off everything completes with no payment at all, and is recorded all the same.
// Refunds of such an order never exceed what was paid and say the tax they return; a first-order
// code is used once per shopper, also from two payment pages paid at the same moment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payForm, shippingFields } from '../../payments-sandbox/test-support.ts';
import {
  databaseTargets,
  orderMailsOf,
  signUpStaff,
  startTestServer,
  type PayingTestServer,
  type Shopper,
} from '../test-support/index.ts';

describe.each(databaseTargets())('an order with a code and tax on $name', (target) => {
  let server: PayingTestServer;
  let buyer: Shopper;
  let staff: Shopper & { token: string };

  beforeAll(async () => {
    server = await startTestServer({ payments: true, target });
    const { stripe } = server;
    for (const [code, percent_off] of [
      ['SPRING-20', 20],
      ['ON-US', 100],
      ['FIRST-10', 10],
    ] as const) {
      const coupon = await stripe.coupons.create({ percent_off, duration: 'once' });
      await stripe.promotionCodes.create({
        promotion: { type: 'coupon', coupon: coupon.id },
        code,
        restrictions: { first_time_transaction: code === 'FIRST-10' },
      });
    }
    // The test address is in Illinois; one order ships to Germany, whose VAT is in the prices.
    await stripe.taxRates.create({
      display_name: 'Sales tax',
      percentage: 7.25,
      inclusive: false,
      country: 'US',
      state: 'IL',
    });
    await stripe.taxRates.create({
      display_name: 'VAT',
      percentage: 19,
      inclusive: true,
      country: 'DE',
    });
    buyer = await server.signUp('coded');
    staff = await signUpStaff(server);
  });
  afterAll(() => server?.close());

  /** Checks out $125.00 (Standard ships free), types `code` on the hosted page, pays, confirms. */
  async function payWithCode(code: string, shopper = buyer) {
    const { data, error } = await shopper.functions.invoke<{ id: string; url: string }>(
      'checkout',
      {
        body: {
          items: [
            { key: 'keyboards:1', color: 'White', quantity: 1 },
            { key: 'switches:10', color: 'Yellow', quantity: 2 },
          ],
        },
      },
    );
    if (error || !data) throw error ?? new Error('no session');
    const applied = await fetch(`${data.url}/code`, {
      method: 'POST',
      body: new URLSearchParams({ code }),
      redirect: 'manual',
    });
    expect(applied.status).toBe(303);
    expect((await server.pay(data)).status).toBe(303);
    const confirmed = await shopper.functions.invoke<Record<string, unknown>>('confirm-checkout', {
      body: { session_id: data.id },
    });
    if (confirmed.error) throw confirmed.error;
    return { id: data.id, answer: confirmed.data };
  }

  const orderOf = async (sessionId: string) =>
    (
      await server.db.query<Record<string, unknown>>(
        `SELECT order_number, subtotal_cents, shipping_cents, total_cents, discount_code,
                discount_cents, tax_cents, tax_inclusive, tax_label, payment_intent
         FROM public.shop_orders WHERE checkout_session_id = $1`,
        [sessionId],
      )
    ).rows[0];

  it('records the code, its discount, the tax and the total charged, and shows them', async () => {
    const { id, answer } = await payWithCode('spring-20');
    const provider = await server.stripe.checkout.sessions.retrieve(id);
    // 20% off each line: $24.00 + $1.00; 7.25% on the $96.00 and $4.00 left: $6.96 + $0.29.
    expect(provider.amount_total).toBe(12500 - 2500 + 725);
    const order = await orderOf(id);
    expect(order).toMatchObject({
      subtotal_cents: 12500,
      shipping_cents: 0,
      total_cents: 10725,
      discount_code: 'SPRING-20',
      discount_cents: 2500,
      tax_cents: 725,
      tax_inclusive: false,
      tax_label: 'Sales tax 7.25%',
    });
    expect(answer).toMatchObject({
      status: 'saved',
      order: {
        discountCode: 'SPRING-20',
        discountCents: 2500,
        taxCents: 725,
        taxLabel: 'Sales tax 7.25%',
        totalCents: 10725,
      },
    });
    const [mail] = await orderMailsOf(server.db, String(order?.order_number));
    for (const line of [
      'Discount (SPRING-20): \u2212$25.00',
      'Tax (Sales tax 7.25%): $7.25',
      'Total: $107.25',
    ]) {
      expect(mail?.text_body).toContain(line);
    }
  });

  it('records an order a code made free, which the provider completes with no payment', async () => {
    const { id, answer } = await payWithCode('ON-US');
    const provider = await server.stripe.checkout.sessions.retrieve(id);
    expect(provider.payment_status).toBe('no_payment_required');
    expect(answer).toMatchObject({ status: 'saved', paymentStatus: 'no_payment_required' });
    expect(await orderOf(id)).toMatchObject({
      subtotal_cents: 12500,
      total_cents: 0,
      discount_code: 'ON-US',
      discount_cents: 12500,
      tax_cents: 0,
      payment_intent: null,
    });
  });

  const refund = async (orderNumber: unknown, amountCents: number) => {
    const res = await server.call('/functions/v1/admin-refund', {
      method: 'POST',
      body: JSON.stringify({ orderNumber, amountCents }),
      token: staff.token,
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };

  it('refunds a discounted, taxed order up to what was paid, tax in proportion', async () => {
    const { id } = await payWithCode('SPRING-20');
    const order = await orderOf(id);
    // $107.25 paid, $7.25 of it tax: half of it refunded returns half the tax.
    const half = await refund(order?.order_number, 5363);
    expect(half.status).toBe(200);
    const tooMuch = await refund(order?.order_number, 10725 - 5363 + 1);
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.json.message).toMatch(/at most 5362/);
    const rest = await refund(order?.order_number, 10725 - 5363);
    expect(rest.status).toBe(200);
    expect(rest.json.order).toMatchObject({ status: 'refunded', refunded_cents: 10725 });
    const charge = await server.stripe.charges.retrieve(
      (await server.stripe.paymentIntents.retrieve(String(order?.payment_intent)))
        .latest_charge as string,
    );
    expect(charge).toMatchObject({ amount: 10725, amount_refunded: 10725, refunded: true });
    const mails = await orderMailsOf(server.db, String(order?.order_number));
    const refunds = mails.filter((m) => /refund/i.test(String(m.subject)));
    expect(refunds.map((m) => m.text_body).join('\n')).toContain('(includes $3.63 tax)');
  });

  it('takes a first-order code once per shopper, also from two pages paid at once', async () => {
    const newcomer = await server.signUp('first-order');
    const first = await payWithCode('first-10', newcomer);
    expect(await orderOf(first.id)).toMatchObject({ discount_code: 'FIRST-10' });
    // A second order: the code is refused on the page, so it cannot be applied at all.
    const { data } = await newcomer.functions.invoke<{ id: string; url: string }>('checkout', {
      body: { items: [{ key: 'switches:10', color: 'Yellow', quantity: 1 }] },
    });
    const again = await fetch(`${data?.url}/code`, {
      method: 'POST',
      body: new URLSearchParams({ code: 'FIRST-10' }),
      redirect: 'manual',
    });
    const cookie = again.headers.get('set-cookie')?.split(';')[0] ?? '';
    const page = await fetch(String(data?.url), { headers: { cookie } });
    expect(await page.text()).toContain('This code is only for a first order.');
    const second = await server.stripe.checkout.sessions.retrieve(String(data?.id));
    expect(second.discounts).toEqual([]);

    // Two tabs of one new shopper: two sessions with the code applied, paid at the same moment.
    const email = `two-tabs-${Date.now()}@example.com`;
    const tabs = await Promise.all(
      [0, 1].map(async () => {
        const session = await server.stripe.checkout.sessions.create({
          mode: 'payment',
          customer_email: email,
          allow_promotion_codes: true,
          line_items: [
            {
              quantity: 1,
              price_data: { currency: 'usd', unit_amount: 5000, product_data: { name: 'Deskmat' } },
            },
          ],
          success_url: 'https://shop.example/ok?session_id={CHECKOUT_SESSION_ID}',
        });
        const applied = await fetch(`${session.url}/code`, {
          method: 'POST',
          body: new URLSearchParams({ code: 'FIRST-10' }),
          redirect: 'manual',
        });
        expect(applied.status).toBe(303);
        return session;
      }),
    );
    await Promise.all(tabs.map((tab) => server.pay(tab)));
    const after = await Promise.all(
      tabs.map((t) => server.stripe.checkout.sessions.retrieve(t.id)),
    );
    expect(after.map((t) => t.status).sort()).toEqual(['complete', 'open']);
    const paid = after.find((t) => t.status === 'complete');
    expect(paid?.total_details?.amount_discount).toBe(500);
    const promo = (await server.stripe.promotionCodes.list({ code: 'FIRST-10' })).data[0];
    expect(promo?.times_redeemed).toBe(2);
  });

  it('records VAT inside the prices for a German address: the total is unchanged', async () => {
    const { data } = await buyer.functions.invoke<{ id: string; url: string }>('checkout', {
      body: { items: [{ key: 'keyboards:1', color: 'White', quantity: 1 }] },
    });
    const page = await (await fetch(String(data?.url))).text();
    const rate = /name="shippingRate"\s+value="([^"]+)"/.exec(page)?.[1] ?? '';
    const paid = await payForm(String(data?.url), {
      ...shippingFields,
      city: 'Berlin',
      state: 'BE',
      postalCode: '10115',
      country: 'DE',
      shippingRate: rate,
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toContain('orderSuccess');
    const confirmed = await buyer.functions.invoke('confirm-checkout', {
      body: { session_id: data?.id },
    });
    expect(confirmed.error).toBeNull();
    // $120.00 with 19% inside it: 120 × 19 / 119 = $19.16; shipping free from $100.
    expect(await orderOf(String(data?.id))).toMatchObject({
      subtotal_cents: 12000,
      total_cents: 12000,
      tax_cents: 1916,
      tax_inclusive: true,
      tax_label: 'VAT 19%',
    });
  });
});
