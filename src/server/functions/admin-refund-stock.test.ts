// A full refund in the back office may put the order's items back into stock (docs/product.md,
// Back office): once, only when asked, and only for a full refund.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  payOrder,
  signUpStaff,
  startTestServer,
  type PayingTestServer,
  type Shopper,
} from '../test-support/index.ts';

describe('admin-refund returnToStock', () => {
  let server: PayingTestServer;
  let staff: Shopper & { token: string };
  let buyer: Shopper;

  beforeAll(async () => {
    server = await startTestServer({ payments: true, deliverWebhooks: true });
    staff = await signUpStaff(server);
    buyer = await server.signUp('buyer');
  });
  afterAll(() => server?.close());

  const refund = async (body: Record<string, unknown>) => {
    const res = await server.call('/functions/v1/admin-refund', {
      method: 'POST',
      body: JSON.stringify(body),
      token: staff.token,
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
  const onHand = async () =>
    Number(
      (
        await server.db.query<{ on_hand: number }>(
          `SELECT on_hand FROM public.stock WHERE product_key = 'switches:17' AND color = 'Gold'`,
        )
      ).rows[0]?.on_hand,
    );
  const payFour = () =>
    payOrder(server, buyer, [{ key: 'switches:17', color: 'Gold', quantity: 4 }]);

  it('returns the items of a fully refunded order to stock when asked', async () => {
    const before = await onHand();
    const order = await payFour();
    expect(await onHand()).toBe(before - 4);
    const done = await refund({
      orderNumber: order.orderNumber,
      amountCents: order.totalCents,
      returnToStock: true,
    });
    expect(done.status).toBe(200);
    expect(done.json.order).toMatchObject({ status: 'refunded' });
    expect(await onHand()).toBe(before);
    const { rows } = await server.db.query<{ after: Record<string, unknown> }>(
      `SELECT after FROM public.staff_audit_log WHERE order_id = $1 AND action = 'refund'`,
      [order.id],
    );
    expect(rows[0]?.after).toMatchObject({ units_returned_to_stock: 4 });
  });

  it('keeps the stock as it is without the option, and refuses it on a partial refund', async () => {
    const before = await onHand();
    const order = await payFour();
    const partial = await refund({
      orderNumber: order.orderNumber,
      amountCents: 100,
      returnToStock: true,
    });
    expect(partial.status).toBe(400);
    expect(partial.json.message).toContain('returnToStock needs a full refund');
    expect(
      (await refund({ orderNumber: order.orderNumber, amountCents: order.totalCents })).status,
    ).toBe(200);
    expect(await onHand()).toBe(before - 4);
  });
});
