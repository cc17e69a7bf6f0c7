// The order confirmation mail, queued (as its data, rendered when sent) in the transaction that
// records the order: the order and its mail exist together or not at all, and a replay that records
// nothing queues nothing.
import type { Queryable } from '../db/types.ts';
import { queueOrderMail } from '../mail/outbox.ts';
import { readConfirmedOrder } from './read-order.ts';

/**
 * Queues the confirmation of the order just recorded for `sessionId` to `email`, the order's
 * contact (the checkout's email, else the account's at the time). An order with none gets no mail.
 */
export async function queueOrderConfirmation(
  tx: Queryable,
  sessionId: string,
  email: string | null,
  siteUrl: string,
): Promise<void> {
  if (!email) return;
  const order = await readConfirmedOrder(tx, sessionId);
  if (!order) throw new Error(`the order of ${sessionId} vanished in its own transaction`);
  await queueOrderMail(tx, 'order_confirmation', email, { siteUrl, order });
}
