// startPayments as main.ts runs it: the sandbox with keys kept in the database, shared by a second
// instance on the same database, refused to an instance whose keys differ.
import { afterEach, describe, expect, it } from 'vitest';
import type { Payments } from './provider.ts';
import { startPayments } from './start.ts';
import { loadSandboxKeys } from './sandbox-keys.ts';
import { pgliteTarget, type TestDatabase } from '../test-support/index.ts';

const target = pgliteTarget;
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function database(): Promise<TestDatabase> {
  const db = await target.open();
  cleanup.push(() => db.close());
  return db;
}

async function start(db: TestDatabase, port: number): Promise<Payments> {
  const payments = await startPayments({
    settings: { provider: 'sandbox', port },
    db,
    webhookUrl: 'http://127.0.0.1:9/functions/v1/stripe-webhook',
  });
  cleanup.push(() => payments.close());
  return payments;
}

describe('startPayments', () => {
  it('keeps one pair of sandbox keys per database, generated once', async () => {
    const db = await database();
    const first = await loadSandboxKeys(db);
    expect(first.secretKey).toMatch(/^sk_test_[A-Za-z0-9]{48}$/);
    expect(first.webhookSecret).toMatch(/^whsec_[A-Za-z0-9]{32}$/);
    expect(await loadSandboxKeys(db)).toEqual(first);
    // The table is the server's own: the roles the data API uses cannot read it.
    await expect(
      db.transaction(async (tx) => {
        await tx.query('SET LOCAL ROLE authenticated');
        return tx.query('SELECT * FROM keebshop.payments_sandbox_keys');
      }),
    ).rejects.toThrow(/permission denied/);
  });

  it('starts the sandbox, and a second instance on the same database uses it', async () => {
    const db = await database();
    const first = await start(db, 0);
    expect(first.provider).toBe('sandbox');
    const port = Number(new URL(first.checkoutOrigin).port);

    const second = await start(db, port);
    expect(second.checkoutOrigin).toBe(first.checkoutOrigin);
    const session = await second.stripe.checkout.sessions.create({
      mode: 'payment',
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
    // The first instance's client sees the session the second created: one sandbox.
    expect((await first.stripe.checkout.sessions.retrieve(session.id)).amount_total).toBe(250);
  });

  it("refuses a port held by a sandbox with other keys (another database's)", async () => {
    const first = await start(await database(), 0);
    const port = Number(new URL(first.checkoutOrigin).port);
    await expect(start(await database(), port)).rejects.toThrow(
      `SANDBOX_PORT ${port} is in use by something other than this shop's payments sandbox`,
    );
  });
});
