// The mails a staff action or a reported refund causes, queued (as their data, rendered when sent)
// in the transaction that records the change: a shipment's notice once per ship, a refund's notice
// once per refund recorded (whichever records it first, the action or the provider's event). To
// the order's contact address; an order with none gets no mail.
import { taxShareOf, type ShippingAddress } from '../../contracts/index.ts';
import type { Queryable } from '../db/types.ts';
import { queueOrderMail } from '../mail/outbox.ts';
import type { ProviderRefund } from './refunds.ts';

interface MailOrder {
  order_number: string;
  email: string | null;
  status: string;
  total_cents: number;
  refunded_cents: number;
  tax_cents: number;
  carrier: string | null;
  tracking_number: string | null;
  shipping_name: string | null;
  shipping_address: ShippingAddress | null;
}

async function readMailOrder(tx: Queryable, orderId: number): Promise<MailOrder> {
  const { rows } = await tx.query<MailOrder>(
    `SELECT order_number, email, status, total_cents, refunded_cents, tax_cents, carrier,
            tracking_number, shipping_name, shipping_address
     FROM public.shop_orders WHERE id = $1`,
    [orderId],
  );
  if (!rows[0]) throw new Error(`order ${orderId} vanished`);
  return rows[0];
}

/** Queues the shipping notice of an order just shipped (carrier and tracking set). */
export async function queueShippedMail(
  tx: Queryable,
  orderId: number,
  siteUrl: string,
): Promise<void> {
  const order = await readMailOrder(tx, orderId);
  if (!order.email) return;
  await queueOrderMail(tx, 'order_shipped', order.email, {
    siteUrl,
    order: {
      number: order.order_number,
      carrier: order.carrier ?? '',
      trackingNumber: order.tracking_number ?? '',
      shippingName: order.shipping_name,
      shippingAddress: order.shipping_address,
    },
  });
}

/**
 * Queues one notice per refund `added` (just recorded, in order), once the transaction has set the
 * order's final status: a cancel's refund on an order now cancelled says it was cancelled. Each
 * says what was refunded so far, counting the refunds before it, and how much of it was tax.
 */
export async function queueRefundMails(
  tx: Queryable,
  orderId: number,
  added: readonly ProviderRefund[],
  siteUrl: string,
): Promise<void> {
  if (added.length === 0) return;
  const order = await readMailOrder(tx, orderId);
  if (!order.email) return;
  let refunded = order.refunded_cents - added.reduce((sum, r) => sum + r.amount, 0);
  for (const refund of added) {
    refunded += refund.amount;
    await queueOrderMail(tx, 'order_refunded', order.email, {
      siteUrl,
      order: {
        number: order.order_number,
        amountCents: refund.amount,
        refundedCents: refunded,
        totalCents: order.total_cents,
        taxCents: taxShareOf(refund.amount, order),
        refundId: refund.id,
        cancelled: order.status === 'cancelled' && refund.cancel === true,
      },
    });
  }
}
