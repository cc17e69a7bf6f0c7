// Security of checkout: whatever price, amount or name the browser sends, the provider's session is
// priced from the catalogue, and the paid order is recorded at catalogue prices.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalogue } from '../../src/catalogue/index.ts';
import { readCatalogue } from '../../src/server/catalogue/index.ts';
import { payForm, shippingFields } from '../../src/payments-sandbox/test-support.ts';
import {
  databaseTargets,
  type PayingTestServer,
  type Shopper,
  startTestServer,
} from '../../src/server/test-support/index.ts';

describe.each(databaseTargets())('checkout prices on $name', (target) => {
  let shop: PayingTestServer;
  let mallory: Shopper;
  // The prices the database holds: the only ones a session may carry.
  let prices: Catalogue;
  const cents = (key: string) => prices.byKey(key)!.priceCents;
  beforeAll(async () => {
    shop = await startTestServer({ target, payments: true, listen: true });
    mallory = await shop.signUp('mallory');
    prices = await readCatalogue(shop.db, ['keyboards:1', 'switches:10']);
  });
  afterAll(() => shop?.close());

  it('ignores tampered prices: the session and the saved order carry catalogue prices', async () => {
    const res = await shop.call('/functions/v1/checkout', {
      token: mallory.accessToken,
      method: 'POST',
      body: JSON.stringify({
        items: [
          { key: 'keyboards:1', color: 'Black', quantity: 2, price: 0.01 },
          {
            key: 'switches:10',
            quantity: 3,
            price: 0.5,
            unit_amount: 1,
            amount: 1,
            currency: 'jpy',
            name: 'Free Switch',
          },
        ],
        amount_total: 1,
        line_items: [{ price_data: { unit_amount: 1 }, quantity: 1 }],
      }),
    });
    expect(res.status).toBe(200);
    const { id, url } = (await res.json()) as { id: string; url: string };

    const session = await shop.stripe.checkout.sessions.retrieve(id, {
      expand: ['line_items'],
    });
    const expected = [
      { unit: cents('keyboards:1'), quantity: 2 },
      { unit: cents('switches:10'), quantity: 3 },
    ];
    expect(
      session.line_items?.data.map((l) => ({ unit: l.price?.unit_amount, quantity: l.quantity })),
    ).toEqual(expected);
    expect(session.line_items?.data.map((l) => l.price?.currency)).toEqual(['usd', 'usd']);
    expect(session.amount_total).toBe(2 * cents('keyboards:1') + 3 * cents('switches:10'));

    // Paid on the hosted page and confirmed: the history shows catalogue prices too.
    // With the address and the rate the hosted page asks for (the one it checks first).
    const shippingRate = /name="shippingRate"\s+value="([^"]+)"/.exec(
      await (await fetch(url)).text(),
    )?.[1];
    const paid = await payForm(url, {
      email: 'mallory@example.com',
      billingName: 'Mallory',
      ...shippingFields,
      ...(shippingRate ? { shippingRate } : {}),
    });
    expect(paid.status).toBe(303);
    const confirm = await shop.call('/functions/v1/confirm-checkout', {
      token: mallory.accessToken,
      method: 'POST',
      body: JSON.stringify({ session_id: id }),
    });
    expect(await confirm.json()).toMatchObject({ status: 'saved', saved: 2 });
    const { data } = await shop
      .restClient(mallory.accessToken)
      .from('orders')
      .select('price, quantity')
      .order('line_number');
    expect(data).toEqual([
      { price: cents('keyboards:1') / 100, quantity: 2 },
      { price: cents('switches:10') / 100, quantity: 3 },
    ]);
  });

  it('refuses products that are not in the catalogue instead of pricing them', async () => {
    const res = await shop.call('/functions/v1/checkout', {
      token: mallory.accessToken,
      method: 'POST',
      body: JSON.stringify({
        items: [{ key: 'keyboards:9999', name: 'Gold Keyboard', price: 0.01, quantity: 1 }],
      }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_cart' });
  });
});
