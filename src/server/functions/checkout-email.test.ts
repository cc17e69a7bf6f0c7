// The hosted payment page shows the signed-in shopper's email: checkout passes it to the session
// as customer_email (docs/product.md, Checkout).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type PayingTestServer, type Shopper } from '../test-support/index.ts';

describe('checkout and the shopper email', () => {
  let server: PayingTestServer;
  let buyer: Shopper;

  beforeAll(async () => {
    server = await startTestServer({ payments: true });
    buyer = await server.signUp('buyer');
  });
  afterAll(() => server?.close());

  it("creates the session with the shopper's email, which the payment page prefills", async () => {
    const { data, error } = await buyer.functions.invoke<{ id: string; url: string }>('checkout', {
      body: { items: [{ key: 'keyboards:1', color: 'Black', quantity: 1 }] },
    });
    if (error || !data) throw error ?? new Error('no session');
    const session = await server.stripe.checkout.sessions.retrieve(data.id);
    expect(session.customer_email).toBe(buyer.email);
    const page = await (await fetch(data.url)).text();
    expect(page).toContain(buyer.email);
  });
});
