// A refund the payment provider turns down is a 409 refund_refused saying why (docs/product.md,
// Back office): here the provider already holds refunds the shop has not recorded yet (made in
// its dashboard, their events not delivered). Only a provider that fails or cannot be reached is a
// 502 refund_failed.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderError, refundThroughProvider, type LockedOrder } from '../orders/index.ts';
import { orderFunctionError } from './errors.ts';
import {
  payOrder,
  signUpStaff,
  startTestServer,
  type PayingTestServer,
  type Shopper,
} from '../test-support/index.ts';

describe('admin-refund when the provider refuses the refund', () => {
  let server: PayingTestServer;
  let staff: Shopper & { token: string };
  let buyer: Shopper;

  beforeAll(async () => {
    server = await startTestServer({ payments: true });
    staff = await signUpStaff(server);
    buyer = await server.signUp('buyer');
  });
  afterAll(() => server?.close());

  const refund = async (orderNumber: string, amountCents: number) => {
    const res = await server.call('/functions/v1/admin-refund', {
      method: 'POST',
      body: JSON.stringify({ orderNumber, amountCents }),
      token: staff.token,
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };

  it('answers 409 with the reason when the payment is refunded in full already', async () => {
    const order = await payOrder(server, buyer);
    await server.stripe.refunds.create({ payment_intent: order.paymentIntent });
    expect(await refund(order.orderNumber, order.totalCents)).toEqual({
      status: 409,
      json: {
        error: 'refund_refused',
        reason: 'charge_already_refunded',
        message: expect.stringMatching(/^The payment provider refused the refund: .*refunded/),
      },
    });
  });

  it('answers 409 with the reason when more is asked than the provider has left', async () => {
    const order = await payOrder(server, buyer);
    await server.stripe.refunds.create({ payment_intent: order.paymentIntent, amount: 500 });
    const answer = await refund(order.orderNumber, order.totalCents);
    expect(answer).toEqual({
      status: 409,
      json: {
        error: 'refund_refused',
        reason: 'amount_too_large',
        message: expect.stringContaining('is greater than unrefunded amount on charge'),
      },
    });
    // The order is as it was: nothing recorded, nothing audited.
    const { rows } = await server.db.query(
      `SELECT 1 FROM public.staff_audit_log WHERE order_id = $1 AND action = 'refund'`,
      [order.id],
    );
    expect(rows).toEqual([]);
  });
});

describe('refundThroughProvider when the provider fails', () => {
  const order = { id: 1, order_number: 'KS-10001', payment_intent: 'pi_1', refunded_cents: 0 };
  const failing = (err: Error) =>
    ({ refunds: { create: () => Promise.reject(err) } }) as unknown as Stripe;

  it.each([
    new Stripe.errors.StripeConnectionError({ message: 'connect ECONNREFUSED 127.0.0.1:1' }),
    new Stripe.errors.StripeAPIError({ message: 'An unknown error occurred' }),
  ])('answers 502 refund_failed for a $type', async (err) => {
    // The order module's refusal, as the admin-refund function answers it.
    const refused = refundThroughProvider(failing(err), order as LockedOrder, 100, 'refund').catch(
      (e: unknown) => Promise.reject(e instanceof OrderError ? orderFunctionError(e) : e),
    );
    await expect(refused).rejects.toMatchObject({
      status: 502,
      body: { error: 'refund_failed', message: expect.stringContaining(err.message) },
    });
  });
});
