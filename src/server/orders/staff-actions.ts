// The staff actions on an order (docs/product.md, Back office): each change and its audit log row
// in one transaction, the order's row locked first, so of two staff acting at once on the same
// transition one succeeds and the other is told the order's new status. A refund's provider call
// runs between two transactions: PGlite runs one transaction at a time, and the payments sandbox
// keeps its state in the same database.
import type Stripe from 'stripe';
import type { AdminActionAnswer } from '../../contracts/index.ts';
import type { Database, Queryable } from '../db/types.ts';
import { nudgeMailWorkers } from '../mail/worker.ts';
import { OrderError } from './errors.ts';
import { allows, nextStatus, OrderTransitionError } from './lifecycle.ts';
import {
  lockOrder,
  orderJson,
  snapshot,
  writeAudit,
  type LockedOrder,
  type StaffActor,
} from './order-row.ts';
import { queueRefundMails, queueShippedMail } from './order-mails.ts';
import { recordRefunds, refundThroughProvider } from './refunds.ts';
import { returnStockOfCancelledOrder, returnStockOfRefundedOrder } from './stock-return.ts';

/** paid → shipped, with the carrier and tracking number; the shopper's notice queued with it. */
export async function shipOrder(
  db: Database,
  actor: StaffActor,
  input: { orderNumber: string; carrier: string; trackingNumber: string },
  siteUrl: string,
): Promise<AdminActionAnswer> {
  const answer = await db.transaction(async (tx) => {
    const before = await lockOrder(tx, input.orderNumber);
    const status = nextStatus(before, 'ship');
    await tx.query(
      `UPDATE public.shop_orders SET status = $4, carrier = $2, tracking_number = $3,
         shipped_at = now(), updated_at = now() WHERE id = $1`,
      [before.id, input.carrier, input.trackingNumber, status],
    );
    const after = await lockOrder(tx, input.orderNumber);
    const fields = ['status', 'carrier', 'tracking_number', 'shipped_at'] as const;
    await writeAudit(tx, {
      actor,
      action: 'ship',
      orderId: before.id,
      before: snapshot(before, fields),
      after: snapshot(after, fields),
    });
    await queueShippedMail(tx, before.id, siteUrl);
    return { order: await orderJson(tx, before.id) };
  });
  nudgeMailWorkers();
  return answer;
}

/** shipped → delivered. */
export function deliverOrder(
  db: Database,
  actor: StaffActor,
  input: { orderNumber: string },
): Promise<AdminActionAnswer> {
  return db.transaction(async (tx) => {
    const before = await lockOrder(tx, input.orderNumber);
    const status = nextStatus(before, 'deliver');
    await tx.query(
      `UPDATE public.shop_orders SET status = $2, delivered_at = now(), updated_at = now()
       WHERE id = $1`,
      [before.id, status],
    );
    const after = await lockOrder(tx, input.orderNumber);
    const fields = ['status', 'delivered_at'] as const;
    await writeAudit(tx, {
      actor,
      action: 'deliver',
      orderId: before.id,
      before: snapshot(before, fields),
      after: snapshot(after, fields),
    });
    return { order: await orderJson(tx, before.id) };
  });
}

/**
 * Part or all of what is left of a paid, shipped or delivered order, through the provider; the
 * shopper's notice queued with the refund unless the provider's event recorded it first. A full
 * refund may also return the order's items to stock (`returnToStock`), once.
 */
export async function refundOrder(
  db: Database,
  stripe: Stripe,
  actor: StaffActor,
  input: { orderNumber: string; amountCents: number; returnToStock?: boolean | undefined },
  siteUrl: string,
): Promise<AdminActionAnswer> {
  const checked = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderNumber);
    // A partial refund is allowed from the same statuses as a full one (lifecycle.ts).
    nextStatus(order, 'refund');
    const left = order.total_cents - order.refunded_cents;
    if (input.amountCents > left) {
      throw new OrderError(
        'invalid_refund_amount',
        `amountCents must be at most ${left}: order ${order.order_number} has ${left} cents left to refund.`,
      );
    }
    if (input.returnToStock && input.amountCents !== left) {
      throw new OrderError(
        'invalid_refund_amount',
        `returnToStock needs a full refund: order ${order.order_number} has ${left} cents left to refund.`,
      );
    }
    return order;
  });
  const refund = await refundThroughProvider(stripe, checked, input.amountCents, 'refund');
  const answer = await db.transaction(async (tx) => {
    const before = await lockOrder(tx, input.orderNumber);
    const { order: after, added } = await recordRefunds(tx, before, [refund]);
    const restock = input.returnToStock && after.status === 'refunded';
    const returned = restock ? await returnStockOfRefundedOrder(tx, before.id) : null;
    const fields = ['status', 'refunded_cents'] as const;
    await writeAudit(tx, {
      actor,
      action: 'refund',
      orderId: before.id,
      before: snapshot(before, fields),
      after: {
        ...snapshot(after, fields),
        amount_cents: refund.amount,
        refund_id: refund.id,
        ...(returned !== null && { units_returned_to_stock: returned }),
      },
    });
    await queueRefundMails(tx, before.id, added, siteUrl);
    return { order: await orderJson(tx, before.id) };
  });
  nudgeMailWorkers();
  return answer;
}

/**
 * paid → cancelled: refunds what is left through the provider, then cancels and returns the
 * stock. Two cancels at once send one refund (same idempotency key); the second is a 409. The
 * shopper gets one mail, "cancelled and refunded", from whichever records the refund first.
 */
export async function cancelOrder(
  db: Database,
  stripe: Stripe,
  actor: StaffActor,
  input: { orderNumber: string },
  siteUrl: string,
): Promise<AdminActionAnswer> {
  const checked = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderNumber);
    nextStatus(order, 'cancel');
    return order;
  });
  const left = checked.total_cents - checked.refunded_cents;
  const refund = left > 0 ? await refundThroughProvider(stripe, checked, left, 'cancel') : null;
  const refunds = refund ? [refund] : [];
  const outcome = await db.transaction(async (tx) => {
    const before = await lockOrder(tx, input.orderNumber);
    const fields = ['status', 'refunded_cents', 'cancelled_at'] as const;
    // This cancel's refund event came first and cancelled the order (recordReportedRefunds): the
    // cancel is done, and logged as this staff member's unless another cancel logged it already.
    if (before.status === 'cancelled' && refund?.cancel && !(await staffCancelLogged(tx, before))) {
      await writeAudit(tx, {
        actor,
        action: 'cancel',
        orderId: before.id,
        before: {
          status: checked.status,
          refunded_cents: checked.refunded_cents,
          cancelled_at: null,
        },
        after: { ...snapshot(before, fields), refund_id: refund.id },
      });
      return { kind: 'done' as const, answer: { order: await orderJson(tx, before.id) } };
    }
    // Another cancel (or a shipment) won meanwhile: the refund is recorded, the cancel is not.
    if (!allows('cancel', before.status)) {
      const { added } = await recordRefunds(tx, before, refunds);
      await queueRefundMails(tx, before.id, added, siteUrl);
      return { kind: 'lost' as const, order: before };
    }
    const { added } = await recordRefunds(tx, before, refunds, { keepStatus: true });
    await tx.query(
      `UPDATE public.shop_orders SET status = $2, cancelled_at = now(), updated_at = now()
       WHERE id = $1`,
      [before.id, nextStatus(before, 'cancel')],
    );
    await returnStockOfCancelledOrder(tx, before.id);
    const after = await lockOrder(tx, input.orderNumber);
    await writeAudit(tx, {
      actor,
      action: 'cancel',
      orderId: before.id,
      before: snapshot(before, fields),
      after: { ...snapshot(after, fields), refund_id: refund?.id ?? null },
    });
    await queueRefundMails(tx, before.id, added, siteUrl);
    return { kind: 'done' as const, answer: { order: await orderJson(tx, before.id) } };
  });
  nudgeMailWorkers();
  if (outcome.kind === 'lost') throw new OrderTransitionError(outcome.order, 'cancel');
  return outcome.answer;
}

/** Whether a staff member's cancel of the order is in the audit log already. */
async function staffCancelLogged(tx: Queryable, order: LockedOrder): Promise<boolean> {
  const { rows } = await tx.query(
    `SELECT 1 FROM public.staff_audit_log WHERE order_id = $1 AND action = 'cancel' LIMIT 1`,
    [order.id],
  );
  return rows.length > 0;
}
