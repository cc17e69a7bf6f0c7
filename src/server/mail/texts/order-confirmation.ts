// The order confirmation: sent once per paid order, queued in the transaction that records it
// (src/server/orders/fulfil.ts). Everything the Order Confirmation page's summary shows.
import type { ConfirmedOrder } from '../../../contracts/index.ts';
import { layoutMail, type MailContent } from '../content.ts';
import { money, orderFooter, orderHistoryAction, shipToFact } from './order-parts.ts';

/** The confirmation's subject: the outbox stores it when the mail is queued. */
export const orderConfirmationSubject = (order: Pick<ConfirmedOrder, 'number'>) =>
  `Your Keebshop order ${order.number}`;

/** The confirmation of `order`, with links under `siteUrl`. */
export function orderConfirmationMail(siteUrl: string, order: ConfirmedOrder): MailContent {
  const shipping = order.shippingCents === 0 ? 'Free' : money(order.shippingCents);
  return layoutMail({
    subject: orderConfirmationSubject(order),
    heading: `Thank you for your order ${order.number}`,
    blocks: [
      { paragraph: `We have received your payment. Your order number is ${order.number}.` },
      {
        table: {
          head: ['Product', 'Colour', 'Quantity', 'Unit price', 'Line total'],
          rows: order.lines.map((line) => [
            line.name,
            line.color,
            String(line.quantity),
            money(line.unitCents),
            money(line.unitCents * line.quantity),
          ]),
        },
      },
      {
        facts: [
          ...(order.shippingMethod ? [['Shipping method', order.shippingMethod] as const] : []),
          ...shipToFact(order.shippingName, order.shippingAddress),
        ],
      },
      {
        facts: [
          ['Subtotal', money(order.subtotalCents)],
          ['Shipping', shipping],
          ['Total', money(order.totalCents)],
        ],
      },
      { paragraph: 'No tax is charged. We will write again when your order ships.' },
      orderHistoryAction(siteUrl),
    ],
    footer: orderFooter(order.number),
  });
}
