// charge.refunded is acted on only as the provider holds the charge's refunds, never as the event
// says (docs/operations.md, Staff): a signed event is only as true as whoever holds the webhook secret.
import type Stripe from 'stripe';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CANCEL_REFUND_METADATA } from '../orders/index.ts';
import {
  orderMailsOf,
  payOrder,
  startTestServer,
  type PaidOrder,
  type PayingTestServer,
  type Shopper,
} from '../test-support/index.ts';

const ITEM = { key: 'switches:17', color: 'Gold', quantity: 3 };
let server: PayingTestServer;
let buyer: Shopper;

beforeAll(async () => {
  server = await startTestServer({ payments: true });
  buyer = await server.signUp('buyer');
});
afterAll(() => server?.close());

/** The order's status, refunds, stock of ITEM and refund mails, all a refund could change. */
async function stateOf(order: PaidOrder) {
  const one = async (sql: string, params: unknown[]) => (await server.db.query(sql, params)).rows;
  return {
    order: await one('SELECT status, refunded_cents FROM public.shop_orders WHERE id = $1', [
      order.id,
    ]),
    refunds: await one(
      'SELECT provider_refund_id, amount_cents FROM public.shop_order_refunds WHERE order_id = $1',
      [order.id],
    ),
    stock: await one('SELECT on_hand FROM public.stock WHERE product_key = $1 AND color = $2', [
      ITEM.key,
      ITEM.color,
    ]),
    mails: (await orderMailsOf(server.db, order.orderNumber)).filter(
      (m) => m.kind === 'order_refunded',
    ).length,
  };
}

/** A charge.refunded event for the order's real charge, claiming its total as a cancel's refund. */
async function forgedFullRefund(order: PaidOrder): Promise<Stripe.Event> {
  const intent = await server.stripe.paymentIntents.retrieve(order.paymentIntent);
  const charge = await server.stripe.charges.retrieve(intent.latest_charge as string);
  const refund = { id: `re_forged_${order.id}`, object: 'refund', amount: order.totalCents };
  return {
    id: `evt_forged_${order.id}`,
    object: 'event',
    type: 'charge.refunded',
    data: {
      object: {
        ...charge,
        amount_refunded: order.totalCents,
        refunded: true,
        refunds: {
          object: 'list',
          has_more: false,
          data: [{ ...refund, status: 'succeeded', metadata: CANCEL_REFUND_METADATA }],
        },
      },
    },
  } as unknown as Stripe.Event;
}

it('ignores what a signed charge.refunded claims when the provider holds no refund', async () => {
  const order = await payOrder(server, buyer, [ITEM]);
  const before = await stateOf(order);
  const res = await server.webhook(await forgedFullRefund(order));
  expect(res.status).toBe(200);
  expect(await stateOf(order)).toEqual(before);
  expect(before.order).toEqual([{ status: 'paid', refunded_cents: 0 }]);
});

it('records a real refund from its event, and only it when an event claims more', async () => {
  const order = await payOrder(server, buyer, [ITEM]);
  const refund = await server.stripe.refunds.create({
    payment_intent: order.paymentIntent,
    amount: 500,
  });
  const events = await server.stripe.events.list({ type: 'charge.refunded', limit: 100 });
  const real = events.data.find((e) => (e.data.object as Stripe.Charge).amount_refunded === 500);
  expect((await server.webhook(real)).status).toBe(200);
  const after = await stateOf(order);
  expect(after).toMatchObject({
    order: [{ status: 'paid', refunded_cents: 500 }],
    refunds: [{ provider_refund_id: refund.id, amount_cents: 500 }],
    mails: 1,
  });
  expect((await server.webhook(await forgedFullRefund(order))).status).toBe(200);
  expect(await stateOf(order)).toEqual(after);
});
