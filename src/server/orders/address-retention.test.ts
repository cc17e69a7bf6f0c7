// The address retention rule (docs/operations.md, Order retention) on each database, with a clock
// moved past the retention period.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseTargets,
  type Shopper,
  startTestServer,
  type TestServer,
  waitFor,
} from '../test-support/index.ts';
import { eraseExpiredAddresses, startAddressRetention } from './address-retention.ts';
import { recordOrders } from './fulfil.ts';
import { createQuietLogger } from '../http/logger.ts';

const DAY = 24 * 60 * 60 * 1000;
const ADDRESS = {
  line1: '1 Main St',
  line2: null,
  city: 'Springfield',
  state: 'IL',
  postal_code: '62701',
  country: 'US',
};
let n = 0;

describe.each(databaseTargets())('order address retention on $name', (target) => {
  let server: TestServer;
  let buyer: Shopper;

  /** Records an order for `userId`, then moves it to `status` at `at`. */
  async function order(userId: string, status: string, at: Date) {
    const id = `cs_test_ret${Date.now()}x${n++}`;
    await recordOrders(
      server.db,
      id,
      userId,
      [
        {
          lineNumber: 0,
          productName: 'Yellow Switch',
          selectedColor: 'Yellow',
          quantity: 1,
          unitAmountCents: 250,
          productKey: 'switches:10',
        },
      ],
      {
        email: 'buyer@example.com',
        shippingCents: 599,
        shippingName: 'Ada Buyer',
        shippingAddress: ADDRESS,
        paymentIntent: 'pi_x',
        siteUrl: server.config.siteUrl,
      },
    );
    await server.db.query(
      `UPDATE public.shop_orders SET status = $2,
         delivered_at = CASE WHEN $2 = 'delivered' THEN $3::timestamptz END,
         shipped_at = CASE WHEN $2 = 'delivered' THEN $3::timestamptz END,
         cancelled_at = CASE WHEN $2 = 'cancelled' THEN $3::timestamptz END,
         updated_at = $3::timestamptz
       WHERE checkout_session_id = $1`,
      [id, status, at.toISOString()],
    );
    return id;
  }

  const row = async (id: string) =>
    (
      await server.db.query<Record<string, unknown>>(
        `SELECT shipping_name, shipping_address, email, address_erased_at IS NOT NULL AS erased,
                total_cents, payment_intent, order_number IS NOT NULL AS numbered
         FROM public.shop_orders WHERE checkout_session_id = $1`,
        [id],
      )
    ).rows[0];

  beforeAll(async () => {
    server = await startTestServer({ target });
    buyer = await server.signUp('buyer');
  });
  afterAll(() => server?.close());

  it('erases name and address 90 days after delivery or cancellation, keeping the books', async () => {
    const now = new Date();
    const old = await order(buyer.id, 'delivered', new Date(now.getTime() - 91 * DAY));
    const recent = await order(buyer.id, 'delivered', new Date(now.getTime() - 89 * DAY));
    const cancelled = await order(buyer.id, 'cancelled', new Date(now.getTime() - 120 * DAY));
    const unshipped = await order(buyer.id, 'paid', new Date(now.getTime() - 400 * DAY));

    expect(await eraseExpiredAddresses(server.db, 90, now)).toBe(2);
    const kept = { shipping_name: 'Ada Buyer', shipping_address: ADDRESS, erased: false };
    const gone = { shipping_name: null, shipping_address: null, erased: true };
    expect(await row(old)).toEqual({
      ...gone,
      email: 'buyer@example.com',
      total_cents: 849,
      payment_intent: 'pi_x',
      numbered: true,
    });
    expect(await row(cancelled)).toMatchObject(gone);
    expect(await row(recent)).toMatchObject(kept);
    expect(await row(unshipped)).toMatchObject(kept);
    // Idempotent: a second run (another instance) erases nothing more.
    expect(await eraseExpiredAddresses(server.db, 90, now)).toBe(0);
  });

  it('erases the email too once the account is deleted, whichever comes first', async () => {
    const now = new Date();
    const leaving = await server.signUp('leaving');
    const before = await order(leaving.id, 'delivered', new Date(now.getTime() - 200 * DAY));
    const after = await order(leaving.id, 'delivered', new Date(now.getTime() - 10 * DAY));
    await eraseExpiredAddresses(server.db, 90, now);
    expect(await row(before)).toMatchObject({ erased: true, email: 'buyer@example.com' });
    expect((await server.restClient(leaving.accessToken).rpc('delete_user')).error).toBeNull();

    await eraseExpiredAddresses(server.db, 90, now);
    expect(await row(before)).toMatchObject({ erased: true, email: null, total_cents: 849 });
    // Not yet past the period: the address and email stay until it is.
    expect(await row(after)).toMatchObject({ erased: false, email: 'buyer@example.com' });
    await eraseExpiredAddresses(server.db, 90, new Date(now.getTime() + 81 * DAY));
    expect(await row(after)).toMatchObject({ erased: true, email: null, shipping_name: null });
  });

  it('runs at start and then periodically, by the clock it is given', async () => {
    let offset = 0;
    // Each run reads the clock once, after the run before it has finished.
    let runs = 0;
    const delivered = await order(buyer.id, 'delivered', new Date());
    const job = startAddressRetention({
      db: server.db,
      days: 90,
      logger: createQuietLogger(),
      now: () => {
        runs += 1;
        return new Date(Date.now() + offset);
      },
      intervalMs: 25,
    });
    try {
      // The run at start and two periodic ones are done once a fourth has begun.
      await waitFor(async () => (runs >= 4 ? true : undefined));
      expect(await row(delivered)).toMatchObject({ erased: false });
      offset = 91 * DAY;
      await expect.poll(async () => (await row(delivered))?.erased, { timeout: 5000 }).toBe(true);
    } finally {
      await job.stop();
    }
  });
});
