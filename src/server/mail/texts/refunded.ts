// The refund notice: one per refund, queued in the transaction that records it, whichever records
// it first (the staff action or the provider's charge.refunded event; src/server/orders/
// refunds.ts). A cancel's refund says the order was cancelled.
import { layoutMail, type MailContent } from '../content.ts';
import { money, orderFooter, orderHistoryAction } from './order-parts.ts';

export interface RefundedOrder {
  number: string;
  /** This refund. */
  amountCents: number;
  /** Everything refunded on the order so far, this refund included. */
  refundedCents: number;
  totalCents: number;
  /** The part of this refund that is tax (taxShareOf); absent in mails queued before tax. */
  taxCents?: number;
  /** The provider's refund id, for the shopper's bank or our support. */
  refundId: string;
  /** The order was cancelled with this refund: nothing ships. */
  cancelled: boolean;
}

function intro(order: RefundedOrder, full: boolean): { subject: string; paragraph: string } {
  const amount = money(order.amountCents);
  if (order.cancelled) {
    return {
      subject: `Your Keebshop order ${order.number} is cancelled and refunded`,
      paragraph: `We cancelled your order ${order.number} and refunded ${amount} to your card. Nothing will be shipped.`,
    };
  }
  if (full) {
    return {
      subject: `Your Keebshop order ${order.number} is refunded in full`,
      paragraph: `We refunded ${amount} to your card. Your order ${order.number} is now refunded in full.`,
    };
  }
  return {
    subject: `A partial refund for your Keebshop order ${order.number}`,
    paragraph: `We refunded ${amount} of your order ${order.number} to your card. This is a partial refund: ${money(order.refundedCents)} of ${money(order.totalCents)} is refunded so far.`,
  };
}

/** This refund's amount, and the tax in it when there is any: "$50.00 (includes $3.63 tax)". */
function refundedNow(order: RefundedOrder): string {
  const tax = order.taxCents ?? 0;
  const amount = money(order.amountCents);
  return tax > 0 ? `${amount} (includes ${money(tax)} tax)` : amount;
}

/** The notice's subject: the outbox stores it when the mail is queued. */
export const refundedSubject = (order: RefundedOrder) =>
  intro(order, order.refundedCents >= order.totalCents).subject;

/** The notice of one refund on `order`, with links under `siteUrl`. */
export function refundedMail(siteUrl: string, order: RefundedOrder): MailContent {
  const full = order.refundedCents >= order.totalCents;
  const { subject, paragraph } = intro(order, full);
  return layoutMail({
    subject,
    heading: order.cancelled
      ? `Order ${order.number} is cancelled`
      : `Refund for order ${order.number}`,
    blocks: [
      { paragraph },
      {
        facts: [
          ['Order', order.number],
          ['Refunded now', refundedNow(order)],
          ['Order refunded', full ? 'In full' : 'In part'],
          ['Refunded so far', `${money(order.refundedCents)} of ${money(order.totalCents)}`],
          ['Refund reference', order.refundId],
        ],
      },
      { paragraph: 'Your bank may take 5 to 10 business days to show the refund.' },
      orderHistoryAction(siteUrl),
    ],
    footer: orderFooter(order.number),
  });
}
