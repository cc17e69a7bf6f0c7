import { formatPrice } from '../../../catalogue/index.ts';
import type { ConfirmedOrder } from '../../../contracts/functions/confirm-checkout.ts';
import type { ShippingAddress } from '../../../contracts/functions/order.ts';
import { WaitingNotes } from '../../components/waiting/WaitingNotes.tsx';
import { ORDER_SUMMARY_TEXT as T } from './texts.ts';

/** The address as a label would print it: street lines, then city, state and postcode, country. */
export function addressLines(address: ShippingAddress): string[] {
  const place = [address.city, address.state, address.postal_code].filter(Boolean).join(' ');
  return [address.line1, address.line2, place, address.country].filter((line): line is string =>
    Boolean(line),
  );
}

/** The recorded order a shopper can keep: number, lines, shipping and totals (docs/product.md). */
export function OrderSummary({ order }: { order: ConfirmedOrder }) {
  const headingId = `order-${order.number}`;
  return (
    <section className="order-summary" aria-labelledby={headingId}>
      <h2 id={headingId}>{T.heading(order.number)}</h2>
      <table className="order-summary__lines">
        <caption>{T.items}</caption>
        <thead>
          <tr>
            <th scope="col">{T.product}</th>
            <th scope="col">{T.colour}</th>
            <th scope="col">{T.quantity}</th>
            <th scope="col">{T.unitPrice}</th>
            <th scope="col">{T.lineTotal}</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line, i) => (
            <tr key={i}>
              <th scope="row">{line.name}</th>
              <td>{line.color}</td>
              <td>{line.quantity}</td>
              <td>{formatPrice(line.unitCents)}</td>
              <td>{formatPrice(line.unitCents * line.quantity)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <WaitingNotes lines={order.waitsFor ?? []} text={T} />
      {order.shippingMethod || order.shippingAddress ? (
        <>
          <h3>{T.shippingHeading}</h3>
          <dl className="order-summary__facts">
            {order.shippingMethod ? (
              <>
                <dt>{T.method}</dt>
                <dd>{order.shippingMethod}</dd>
              </>
            ) : null}
            {order.shippingAddress ? (
              <>
                <dt>{T.shipTo}</dt>
                <dd>
                  <address>
                    {[order.shippingName, ...addressLines(order.shippingAddress)]
                      .filter(Boolean)
                      .map((line, i) => (
                        <span key={i} className="order-summary__address-line">
                          {line}
                        </span>
                      ))}
                  </address>
                </dd>
              </>
            ) : null}
          </dl>
        </>
      ) : null}
      <h3>{T.totalsHeading}</h3>
      <Totals order={order} />
    </section>
  );
}

/**
 * Subtotal, the code's discount, shipping, tax added on top, total, and tax inside the prices
 * after it (it is part of the total, not added to it). A discount or tax of nothing is not shown.
 */
function Totals({ order }: { order: ConfirmedOrder }) {
  const discount = order.discountCents ?? 0;
  const tax = order.taxCents ?? 0;
  const inclusive = order.taxInclusive ?? false;
  const taxRow = (
    <>
      <dt>{T.tax(order.taxLabel, inclusive)}</dt>
      <dd>{formatPrice(tax)}</dd>
    </>
  );
  return (
    <dl className="order-summary__facts order-summary__totals">
      <dt>{T.subtotal}</dt>
      <dd>{formatPrice(order.subtotalCents)}</dd>
      {discount > 0 ? (
        <>
          <dt>{T.discount(order.discountCode)}</dt>
          <dd>−{formatPrice(discount)}</dd>
        </>
      ) : null}
      <dt>{T.shipping}</dt>
      <dd>{order.shippingCents === 0 ? T.free : formatPrice(order.shippingCents)}</dd>
      {tax > 0 && !inclusive ? taxRow : null}
      <dt>{T.total}</dt>
      <dd>{formatPrice(order.totalCents)}</dd>
      {tax > 0 && inclusive ? taxRow : null}
    </dl>
  );
}
