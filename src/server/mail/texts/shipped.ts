// The shipping notice: queued in the staff's ship action's transaction
// (src/server/orders/staff-actions.ts), once per order shipped.
import type { ShippingAddress } from '../../../contracts/index.ts';
import { layoutMail, type MailContent } from '../content.ts';
import { orderFooter, orderHistoryAction, shipToFact } from './order-parts.ts';

export interface ShippedOrder {
  number: string;
  carrier: string;
  trackingNumber: string;
  shippingName: string | null;
  shippingAddress: ShippingAddress | null;
}

/** The notice's subject: the outbox stores it when the mail is queued. */
export const shippedSubject = (order: Pick<ShippedOrder, 'number'>) =>
  `Your Keebshop order ${order.number} has shipped`;

/** The notice that `order` is on its way, with links under `siteUrl`. */
export function shippedMail(siteUrl: string, order: ShippedOrder): MailContent {
  return layoutMail({
    subject: shippedSubject(order),
    heading: `Order ${order.number} is on its way`,
    blocks: [
      { paragraph: `We handed your order ${order.number} to ${order.carrier}.` },
      {
        facts: [
          ['Order', order.number],
          ['Carrier', order.carrier],
          ['Tracking number', order.trackingNumber],
          ...shipToFact(order.shippingName, order.shippingAddress),
        ],
      },
      { paragraph: "Use the tracking number on the carrier's website to follow the parcel." },
      orderHistoryAction(siteUrl),
    ],
    footer: orderFooter(order.number),
  });
}
