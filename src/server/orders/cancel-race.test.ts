// A cancel whose own refund event is recorded before the cancel's second transaction (the
// provider's webhook is fast, or the staff's request is retried after a crash): the event cancels
// the order, and the staff member who asked is told it is done, not that it cannot be cancelled.
// The shopper gets one mail: cancelled and refunded.
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseTargets,
  orderMailsOf,
  payOrder,
  startTestServer,
  type PayingTestServer,
  type Shopper,
} from '../test-support/index.ts';
import { cancelOrder } from './staff-actions.ts';
import { recordReportedRefunds, type ProviderRefund } from './refunds.ts';

const SITE = 'https://shop.example';

describe.each(databaseTargets())('a cancel racing its refund event on $name', (target) => {
  let server: PayingTestServer;
  let buyer: Shopper;

  beforeAll(async () => {
    server = await startTestServer({ payments: true, target });
    buyer = await server.signUp('racer');
  });
  afterAll(() => server?.close());

  it('answers the cancelled order once, with one refund and one cancel in the log', async () => {
    const order = await payOrder(server, buyer);
    // The provider, whose charge.refunded event reaches the shop before its answer does.
    const eventFirst = {
      refunds: {
        create: async (params: Stripe.RefundCreateParams, options: Stripe.RequestOptions) => {
          const refund = await server.stripe.refunds.create(params, options);
          const reported: ProviderRefund = {
            id: refund.id,
            amount: refund.amount,
            status: refund.status,
            cancel: refund.metadata?.keebshop_action === 'cancel',
          };
          await server.db.transaction((tx) =>
            recordReportedRefunds(tx, order.paymentIntent, [reported], SITE),
          );
          return refund;
        },
      },
    } as unknown as Stripe;
    const actor = { id: crypto.randomUUID(), email: 'staff@example.com' };
    const { order: row } = await cancelOrder(
      server.db,
      eventFirst,
      actor,
      { orderNumber: order.orderNumber },
      SITE,
    );
    expect(row).toMatchObject({ status: 'cancelled', refunded_cents: order.totalCents });
    const log = await server.db.query<{ action: string; staff_email: string | null }>(
      'SELECT action, staff_email FROM public.staff_audit_log WHERE order_id = $1 ORDER BY id',
      [order.id],
    );
    expect(log.rows).toEqual([
      { action: 'provider_refund', staff_email: null },
      { action: 'cancel', staff_email: 'staff@example.com' },
    ]);
    await expect(
      cancelOrder(server.db, eventFirst, actor, { orderNumber: order.orderNumber }, SITE),
    ).rejects.toThrow('is cancelled: it cannot be cancelled');
    const refunded = (await orderMailsOf(server.db, order.orderNumber)).filter(
      (m) => m.kind === 'order_refunded',
    );
    expect(refunded.map((m) => [m.recipient, m.subject])).toEqual([
      [buyer.email, `Your Keebshop order ${order.orderNumber} is cancelled and refunded`],
    ]);
    expect(refunded[0]?.text_body).toContain('In full');
  });
});
