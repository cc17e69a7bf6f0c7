// The order mails, queued as their kind and data and rendered when sent
// (migrations/server/0004_mail_outbox_data.sql): the transaction that records an order, a shipment
// or a refund only stores the facts, and the mail reads as the texts are when it leaves.
import type { ConfirmedOrder } from '../../contracts/index.ts';
import type { MailContent } from './content.ts';
import { orderConfirmationMail, orderConfirmationSubject } from './texts/order-confirmation.ts';
import { refundedMail, refundedSubject, type RefundedOrder } from './texts/refunded.ts';
import { shippedMail, shippedSubject, type ShippedOrder } from './texts/shipped.ts';

/** What each order mail is rendered from; `siteUrl` is the shop's address its links use. */
export interface OrderMailData {
  order_confirmation: { siteUrl: string; order: ConfirmedOrder };
  order_shipped: { siteUrl: string; order: ShippedOrder };
  order_refunded: { siteUrl: string; order: RefundedOrder };
}

export type OrderMailKind = keyof OrderMailData;

const RENDERERS: { [K in OrderMailKind]: (data: OrderMailData[K]) => MailContent } = {
  order_confirmation: (d) => orderConfirmationMail(d.siteUrl, d.order),
  order_shipped: (d) => shippedMail(d.siteUrl, d.order),
  order_refunded: (d) => refundedMail(d.siteUrl, d.order),
};

const SUBJECTS: { [K in OrderMailKind]: (data: OrderMailData[K]) => string } = {
  order_confirmation: (d) => orderConfirmationSubject(d.order),
  order_shipped: (d) => shippedSubject(d.order),
  order_refunded: (d) => refundedSubject(d.order),
};

/** The subject alone of the order mail of `kind` for `data`: nothing else is rendered. */
export function orderMailSubject<K extends OrderMailKind>(kind: K, data: OrderMailData[K]): string {
  return (SUBJECTS[kind] as (d: OrderMailData[K]) => string)(data);
}

/** The order mail of `kind` for `data`. */
export function renderOrderMail<K extends OrderMailKind>(
  kind: K,
  data: OrderMailData[K],
): MailContent {
  return (RENDERERS[kind] as (d: OrderMailData[K]) => MailContent)(data);
}

/**
 * A queued row's mail from its kind and stored data (the outbox's own rows, written by
 * queueOrderMail). An unknown kind throws: the send fails and is retried, then given up.
 */
export function renderQueuedMail(kind: string, data: unknown): MailContent {
  if (!Object.hasOwn(RENDERERS, kind)) throw new Error(`no renderer for a ${kind} mail`);
  return renderOrderMail(kind as OrderMailKind, data as OrderMailData[OrderMailKind]);
}
