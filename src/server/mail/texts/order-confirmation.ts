// The order confirmation: sent once per paid order, queued in the transaction that records it
// (src/server/orders/fulfil.ts). Everything the Order Confirmation page's summary shows.
import {
  shipsWhenAllReady,
  type ConfirmedOrder,
  type WaitingLine,
} from '../../../contracts/index.ts';
import { layoutMail, type MailBlock, type MailContent } from '../content.ts';
import {
  dateSpan,
  discountTerm,
  minus,
  money,
  orderFooter,
  orderHistoryAction,
  shipToFact,
  shortDate,
  taxTerm,
} from './order-parts.ts';

/** The confirmation's subject: the outbox stores it when the mail is queued. */
export const orderConfirmationSubject = (order: Pick<ConfirmedOrder, 'number'>) =>
  `Your Keebshop order ${order.number}`;

type Fact = readonly [string, string];

/**
 * Subtotal, the code's discount, shipping, tax added on top, total, and tax inside the prices
 * after it. A discount or a tax of nothing (every order queued before them) is not shown.
 */
function totals(order: ConfirmedOrder): Fact[] {
  const discount = order.discountCents ?? 0;
  const tax = order.taxCents ?? 0;
  const inclusive = order.taxInclusive ?? false;
  const taxFact: Fact = [taxTerm(order.taxLabel, inclusive), money(tax)];
  return [
    ['Subtotal', money(order.subtotalCents)],
    ...(discount > 0 ? [[discountTerm(order.discountCode), minus(discount)] as const] : []),
    ['Shipping', order.shippingCents === 0 ? 'Free' : money(order.shippingCents)],
    ...(tax > 0 && !inclusive ? [taxFact] : []),
    ['Total', money(order.totalCents)],
    ...(tax > 0 && inclusive ? [taxFact] : []),
  ];
}

/** One pre-order's or group buy's window, as it was sold. */
function waitingText(w: WaitingLine): string {
  const window = `ships between ${dateSpan(w.shipsFrom, w.shipsBy)}`;
  if (w.kind === 'pre_order' || w.endsAt === null) return `Pre-order: ${w.name} ${window}.`;
  return (
    `Group buy: ${w.name} — the group buy ends ${shortDate(w.endsAt)}; ` +
    `if it reaches its minimum it ${window}.`
  );
}

/**
 * What the order waits for, and when it ships as a whole; nothing for an in-stock order (and for
 * every mail queued before pre-orders, whose data has no waitsFor).
 */
function waitingBlocks(order: ConfirmedOrder): MailBlock[] {
  const waiting = order.waitsFor ?? [];
  const last = shipsWhenAllReady(waiting);
  if (last === null) return [];
  return [
    ...waiting.map((w) => ({ paragraph: waitingText(w) })),
    {
      paragraph: `This order ships when its last item is ready, by about ${shortDate(last)}.`,
    },
  ];
}

/** The confirmation of `order`, with links under `siteUrl`. */
export function orderConfirmationMail(siteUrl: string, order: ConfirmedOrder): MailContent {
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
      { facts: totals(order) },
      ...waitingBlocks(order),
      { paragraph: 'We will write again when your order ships.' },
      orderHistoryAction(siteUrl),
    ],
    footer: orderFooter(order.number),
  });
}
