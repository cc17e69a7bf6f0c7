// Refunds are recorded once by the provider's refund id, whichever arrives first: the staff
// action's answer from the provider or the provider's charge.refunded event (docs/product.md, Back
// office). shop_orders.refunded_cents is always the sum of the recorded refunds.
import Stripe from 'stripe';
import type { Queryable } from '../db/types.ts';
import { OrderError } from './errors.ts';
import { allows, nextStatus, statusAfterRefunds } from './lifecycle.ts';
import {
  lockOrderById,
  snapshot,
  writeAudit,
  type LockedOrder,
  type StaffActor,
} from './order-row.ts';
import { queueRefundMails } from './order-mails.ts';
import { returnStockOfCancelledOrder } from './stock-return.ts';

/**
 * The metadata of a cancel's refund: whichever records it first, the cancel's own transaction or
 * the charge.refunded event (a crash in between), also cancels the order.
 */
export const CANCEL_REFUND_METADATA = { keebshop_action: 'cancel' } as const;

/** A refund as the provider reports it. */
export interface ProviderRefund {
  id: string;
  amount: number;
  status: string | null;
  /** Made by a cancel (CANCEL_REFUND_METADATA). */
  cancel?: boolean;
}

const isCancel = (r: Stripe.Refund) =>
  r.metadata?.keebshop_action === CANCEL_REFUND_METADATA.keebshop_action;

/** Failed and cancelled refunds returned nothing to the shopper. */
const counts = (r: ProviderRefund) => r.status !== 'failed' && r.status !== 'canceled';

/** What recordRefunds did: the order after, and the refunds this call recorded (not before). */
export interface RecordedRefunds {
  order: LockedOrder;
  added: ProviderRefund[];
}

/**
 * Records the provider's refunds of a locked order not yet recorded and brings refunded_cents to
 * their sum; an order the lifecycle lets be refunded and now refunded in full becomes 'refunded'
 * (statusAfterRefunds) unless `keepStatus` (a cancel sets its own). The order is locked, so its
 * status read by the caller is still its status. Resolves the order after and the refunds added, whose
 * mails the caller queues (queueRefundMails) once it has set the order's status.
 */
export async function recordRefunds(
  tx: Queryable,
  order: LockedOrder,
  refunds: readonly ProviderRefund[],
  { keepStatus = false } = {},
): Promise<RecordedRefunds> {
  const added: ProviderRefund[] = [];
  for (const refund of refunds.filter(counts)) {
    const inserted = await tx.query(
      `INSERT INTO public.shop_order_refunds (order_id, provider_refund_id, amount_cents)
       VALUES ($1, $2, $3) ON CONFLICT (provider_refund_id) DO NOTHING RETURNING id`,
      [order.id, refund.id, refund.amount],
    );
    if (inserted.rows.length > 0) added.push(refund);
  }
  const { rows } = await tx.query<{ total: number }>(
    `SELECT coalesce(sum(amount_cents), 0)::int AS total
     FROM public.shop_order_refunds WHERE order_id = $1`,
    [order.id],
  );
  const total = rows[0]?.total ?? 0;
  const status = keepStatus
    ? order.status
    : statusAfterRefunds(order.status, total, order.total_cents);
  await tx.query(
    `UPDATE public.shop_orders SET refunded_cents = $2, status = $3,
       updated_at = CASE WHEN $2 <> refunded_cents THEN now() ELSE updated_at END
     WHERE id = $1`,
    [order.id, total, status],
  );
  return { order: await lockOrderById(tx, order.id), added };
}

/**
 * Refunds `amount` of the order's payment through the provider. The idempotency key names the
 * order's refunded amount before and the amount, so two staff refunding the same at once make
 * one refund, and a retry after a lost answer does not refund twice.
 */
export async function refundThroughProvider(
  stripe: Stripe,
  order: LockedOrder,
  amount: number,
  purpose: 'refund' | 'cancel',
): Promise<ProviderRefund> {
  if (!order.payment_intent) {
    throw new OrderError(
      'invalid_transition',
      `Order ${order.order_number} has no payment on record to refund.`,
      { status: order.status },
    );
  }
  const idempotencyKey = `keebshop-${purpose}-${order.id}-${order.refunded_cents}-${amount}`;
  try {
    const refund = await stripe.refunds.create(
      {
        payment_intent: order.payment_intent,
        amount,
        ...(purpose === 'cancel' ? { metadata: { ...CANCEL_REFUND_METADATA } } : {}),
      },
      { idempotencyKey },
    );
    return {
      id: refund.id,
      amount: refund.amount,
      status: refund.status,
      cancel: isCancel(refund),
    };
  } catch (err) {
    // A request the provider turns down (refunded already, more than is left there): its reason,
    // as a conflict with the payment as the provider holds it. Anything else is the provider failing.
    if (err instanceof Stripe.errors.StripeInvalidRequestError) {
      throw new OrderError(
        'refund_refused',
        `The payment provider refused the refund: ${err.message}`,
        err.code ? { reason: err.code } : {},
      );
    }
    const message = err instanceof Error ? err.message : 'the payment provider did not answer';
    throw new OrderError('refund_failed', `The payment provider could not refund: ${message}`);
  }
}

/** A charge as the provider holds it: its payment intent and that payment's refunds. */
export interface ProviderCharge {
  paymentIntent: string | null;
  refunds: ProviderRefund[];
}

/**
 * Reads the charge `chargeId` and its payment's refunds back from the provider, as checkout events
 * re-read their session: an event says which charge changed, never what its refunds are, since a
 * signed event is only as trustworthy as everyone who holds the webhook secret. Null when the
 * provider knows no such charge.
 */
export async function refundsOfCharge(
  stripe: Stripe,
  chargeId: string,
): Promise<ProviderCharge | null> {
  let charge: Stripe.Charge;
  try {
    charge = await stripe.charges.retrieve(chargeId);
  } catch (err) {
    if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') {
      return null;
    }
    throw err;
  }
  const intent = charge.payment_intent;
  const paymentIntent = typeof intent === 'string' ? intent : (intent?.id ?? null);
  if (!paymentIntent) return { paymentIntent, refunds: [] };
  const refunds = await stripe.refunds
    .list({ payment_intent: paymentIntent, limit: 100 })
    .autoPagingToArray({ limit: 1000 });
  return {
    paymentIntent,
    refunds: refunds.map((r) => ({
      id: r.id,
      amount: r.amount,
      status: r.status,
      cancel: isCancel(r),
    })),
  };
}

/**
 * Records refunds the provider reports for a payment intent (its charge.refunded event): refunds
 * made from the shop already recorded add nothing; others (the provider's dashboard) are recorded
 * and logged with no staff member. A paid order refunded in full by a cancel's refund the cancel
 * never recorded (a crash in between) is cancelled here, its stock returned, as the cancel would
 * have. Each refund newly recorded queues its mail. Resolves the cents newly recorded, or null for
 * an unknown payment.
 */
export async function recordReportedRefunds(
  tx: Queryable,
  paymentIntent: string,
  refunds: readonly ProviderRefund[],
  siteUrl: string,
): Promise<number | null> {
  const { rows } = await tx.query<{ id: number }>(
    'SELECT id::int AS id FROM public.shop_orders WHERE payment_intent = $1',
    [paymentIntent],
  );
  if (!rows[0]) return null;
  const before = await lockOrderById(tx, rows[0].id);
  const cancelling = allows('cancel', before.status) && refunds.some((r) => r.cancel && counts(r));
  const recorded = await recordRefunds(tx, before, refunds, { keepStatus: cancelling });
  let after = recorded.order;
  if (after.refunded_cents === before.refunded_cents) return 0;
  if (cancelling && after.refunded_cents === after.total_cents) {
    await tx.query(
      `UPDATE public.shop_orders SET status = $2, cancelled_at = now(), updated_at = now()
       WHERE id = $1`,
      [before.id, nextStatus(before, 'cancel')],
    );
    await returnStockOfCancelledOrder(tx, before.id);
    after = await lockOrderById(tx, before.id);
  }
  const fields = ['status', 'refunded_cents'] as const;
  await writeAudit(tx, {
    actor: null as StaffActor | null,
    action: 'provider_refund',
    orderId: before.id,
    before: snapshot(before, fields),
    after: snapshot(after, fields),
  });
  await queueRefundMails(tx, before.id, recorded.added, siteUrl);
  return after.refunded_cents - before.refunded_cents;
}
