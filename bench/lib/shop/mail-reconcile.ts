// The order mails after a crash run: what the shop queued (keebshop.mail_outbox) against what the
// harness's SMTP server received (mail-sink.ts). Every paid order with an email has exactly one
// confirmation queued and received, every refund exactly one refund notice (found by its refund
// reference), each to the order's address; every queued mail was sent. A message received twice
// with the same Message-ID (a kill after the server accepted it and before the outbox said so) is
// one mail to the shopper's client and is counted apart; two different messages are a duplicate.
import type { SinkMail } from './mail-sink.ts';
import { queryRows, type DatabaseSource } from './reconcile.ts';

interface OutboxRow {
  message_id: string;
  kind: string;
  recipient: string;
  subject: string;
  created_at: string;
  sent_at: string | null;
  failed_at: string | null;
}

export interface MailSnapshot {
  orders: { order_number: string; email: string | null }[];
  refunds: { refund_id: string; order_number: string; email: string | null }[];
  outbox: OutboxRow[];
}

const SNAPSHOT_SQL = `SELECT
  (SELECT json_agg(json_build_object('order_number', order_number, 'email', email))
     FROM public.shop_orders) AS orders,
  (SELECT json_agg(json_build_object('refund_id', r.provider_refund_id,
     'order_number', s.order_number, 'email', s.email))
     FROM public.shop_order_refunds r JOIN public.shop_orders s ON s.id = r.order_id) AS refunds,
  (SELECT json_agg(json_build_object('message_id', message_id, 'kind', kind,
     'recipient', recipient, 'subject', subject, 'created_at', created_at, 'sent_at', sent_at,
     'failed_at', failed_at))
     FROM keebshop.mail_outbox WHERE kind IN ('order_confirmation', 'order_refunded')) AS outbox`;

/** The orders, refunds and order mails in the outbox: from a database no server has open. */
export async function readMailSnapshot(source: DatabaseSource): Promise<MailSnapshot> {
  const [row] = await queryRows<{ [K in keyof MailSnapshot]: MailSnapshot[K] | null }>(
    source,
    SNAPSHOT_SQL,
  );
  return { orders: row?.orders ?? [], refunds: row?.refunds ?? [], outbox: row?.outbox ?? [] };
}

/** Order mails queued and not yet sent (nor given up): what a restarted server still has to send. */
export const unsentMails = (snap: MailSnapshot): OutboxRow[] =>
  snap.outbox.filter((m) => m.sent_at === null && m.failed_at === null);

export interface MailReconciliation {
  paidOrders: number;
  confirmationsReceived: number;
  refunds: number;
  refundMailsReceived: number;
  /** Messages accepted by the SMTP server, and how many were a Message-ID already received. */
  received: number;
  redelivered: number;
  /** Order mails with a kill between being queued and arriving. */
  killedBetween: number;
  problems: string[];
}

const numberIn = (subject: string) => /KS-\d+/.exec(subject)?.[0];

/** Compares the outbox with what arrived; `killTimes` are Date.now() of each SIGKILL. */
export function reconcileMails(
  snap: MailSnapshot,
  received: readonly SinkMail[],
  killTimes: readonly number[],
): MailReconciliation {
  const problems: string[] = [];
  const firstArrival = new Map<string, SinkMail>();
  for (const mail of received)
    if (!firstArrival.has(mail.messageId)) firstArrival.set(mail.messageId, mail);
  const queued = new Map(snap.outbox.map((m) => [m.message_id, m]));
  const arrived = (row: OutboxRow) => firstArrival.get(row.message_id);

  const confirmations = new Map<string, OutboxRow[]>();
  for (const row of snap.outbox.filter((m) => m.kind === 'order_confirmation')) {
    const number = numberIn(row.subject) ?? '?';
    confirmations.set(number, [...(confirmations.get(number) ?? []), row]);
  }
  let confirmationsReceived = 0;
  for (const order of snap.orders) {
    const rows = confirmations.get(order.order_number) ?? [];
    confirmations.delete(order.order_number);
    const want = order.email ? 1 : 0;
    if (rows.length !== want) {
      problems.push(`order ${order.order_number}: ${rows.length} confirmations queued`);
      continue;
    }
    const row = rows[0];
    if (!row || !order.email) continue;
    const mail = arrived(row);
    if (!mail) problems.push(`order ${order.order_number}: confirmation ${row.message_id} missing`);
    else if (
      !mail.to.includes(order.email.toLowerCase()) ||
      !mail.text.includes(order.order_number)
    )
      problems.push(`order ${order.order_number}: confirmation to ${mail.to.join()}`);
    else confirmationsReceived += 1;
  }
  for (const [number, rows] of confirmations)
    problems.push(`${rows.length} confirmations queued for an unknown order ${number}`);

  const refundRows = snap.outbox.filter((m) => m.kind === 'order_refunded');
  const refundMails = refundRows.map(arrived).filter((m): m is SinkMail => m !== undefined);
  let refundMailsReceived = 0;
  for (const refund of snap.refunds) {
    const found = refundMails.filter((m) => m.text.includes(refund.refund_id));
    if (!refund.email) {
      if (found.length > 0) problems.push(`refund ${refund.refund_id}: mailed, yet no address`);
      continue;
    }
    if (found.length !== 1)
      problems.push(`refund ${refund.refund_id} (${refund.order_number}): ${found.length} mails`);
    else if (!found[0]?.to.includes(refund.email.toLowerCase()))
      problems.push(`refund ${refund.refund_id}: mailed to ${found[0]?.to.join()}`);
    else refundMailsReceived += 1;
  }
  if (refundRows.length !== snap.refunds.filter((r) => r.email).length)
    problems.push(`${refundRows.length} refund mails queued for ${snap.refunds.length} refunds`);

  for (const row of snap.outbox) {
    if (row.failed_at) problems.push(`mail ${row.message_id} (${row.subject}): given up`);
    else if (!row.sent_at) problems.push(`mail ${row.message_id} (${row.subject}): never sent`);
    else if (!arrived(row)) problems.push(`mail ${row.message_id}: marked sent, never received`);
  }
  const unknown = received.filter((m) => !queued.has(m.messageId) && /KS-\d+/.test(m.subject));
  for (const mail of unknown)
    problems.push(`received ${mail.messageId} (${mail.subject}): not queued`);

  const killedBetween = snap.outbox.filter((row) => {
    const mail = arrived(row);
    const queuedAt = Date.parse(row.created_at);
    return mail !== undefined && killTimes.some((t) => t > queuedAt && t < mail.at);
  }).length;
  return {
    paidOrders: snap.orders.length,
    confirmationsReceived,
    refunds: snap.refunds.length,
    refundMailsReceived,
    received: received.length,
    redelivered: received.length - firstArrival.size,
    killedBetween,
    problems,
  };
}
