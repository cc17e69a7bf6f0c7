import { priceToCents } from '../../../catalogue/index.ts';
import { taxShareOf } from '../../../contracts/order-tax.ts';
import { useHashSearch } from '../../lib/hash-location.ts';
import type { OrderDetail } from './api.ts';
import { auditWhat, auditWho } from './audit.ts';
import { addressLines, formatDateTime, formatPrice, statusText } from './format.ts';
import { OrderActions } from './OrderActions.tsx';
import { ADMIN_TEXT as T } from './texts.ts';
import type { StaffOrder } from '../../../contracts/functions/staff-order.ts';
import { useOrderDetail } from './use-order-detail.ts';

/** One order: everything staff need to fulfil or refund it, and who did what to it. */
export function OrderDetailView({ orderNumber }: { orderNumber: string }) {
  const search = useHashSearch();
  const { status, detail, reload } = useOrderDetail(orderNumber);

  return (
    <>
      <p className="admin-back">
        <a href={`#/admin${search ? '?' + search : ''}`}>{T.backToList}</a>
      </p>
      <h1 tabIndex={-1}>{T.orderTitle(orderNumber)}</h1>
      {status === 'loading' ? (
        <p role="status">{T.orderLoading}</p>
      ) : status === 'notFound' ? (
        <p role="alert">{T.orderNotFound(orderNumber)}</p>
      ) : status === 'error' || !detail ? (
        <p role="alert">{T.orderFailed}</p>
      ) : (
        <Detail detail={detail} onChanged={reload} />
      )}
    </>
  );
}

function Detail({ detail, onChanged }: { detail: OrderDetail; onChanged: () => void }) {
  const { order } = detail;
  return (
    <div className="admin-detail">
      <Summary order={order} />
      <OrderActions order={order} onChanged={onChanged} />
      <Lines detail={detail} />
      <Refunds detail={detail} />
      <Delivery order={order} />
      <Timeline order={order} />
      <Audit detail={detail} />
    </div>
  );
}

function Facts({ items }: { items: [string, React.ReactNode][] }) {
  return (
    <dl className="admin-facts">
      {items.map(([term, value]) => (
        <div key={term} className="admin-facts__item">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const money = (cents: number) => <span className="price">{formatPrice(cents)}</span>;
const when = (iso: string | null) =>
  iso ? <time dateTime={iso}>{formatDateTime(iso)}</time> : T.none;

type Fact = [string, React.ReactNode];

/**
 * The money of the order as charged: a discount or tax of nothing is not shown, and tax inside
 * the prices follows the total, which it is part of.
 */
function totals(order: StaffOrder): Fact[] {
  const tax: Fact = [T.tax(order.tax_label, order.tax_inclusive), money(order.tax_cents)];
  const taxed = order.tax_cents > 0;
  return [
    [T.subtotal, money(order.subtotal_cents)],
    ...(order.discount_cents > 0
      ? [[T.discount(order.discount_code), <>−{money(order.discount_cents)}</>] as Fact]
      : []),
    [T.shipping, money(order.shipping_cents)],
    ...(taxed && !order.tax_inclusive ? [tax] : []),
    [T.total, money(order.total_cents)],
    ...(taxed && order.tax_inclusive ? [tax] : []),
  ];
}

function Summary({ order }: { order: StaffOrder }) {
  return (
    <section aria-labelledby="admin-summary" className="admin-section card">
      <h2 id="admin-summary">{T.summary}</h2>
      <Facts
        items={[
          [T.columns.status, statusText(order)],
          [T.customer, order.email ?? T.noEmail],
          ...totals(order),
          [T.refunded, money(order.refunded_cents)],
          [T.remaining, money(order.total_cents - order.refunded_cents)],
          [T.paymentReference, order.payment_intent ?? T.none],
        ]}
      />
    </section>
  );
}

function Lines({ detail }: { detail: OrderDetail }) {
  return (
    <section aria-labelledby="admin-lines" className="admin-section">
      <h2 id="admin-lines">{T.lines}</h2>
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">{T.product}</th>
            <th scope="col">{T.colour}</th>
            <th scope="col">{T.quantity}</th>
            <th scope="col" className="admin-table__money">
              {T.unitPrice}
            </th>
            <th scope="col" className="admin-table__money">
              {T.lineTotal}
            </th>
          </tr>
        </thead>
        <tbody>
          {detail.lines.map((line) => {
            const unit = priceToCents(Number(line.price));
            return (
              <tr key={String(line.id)}>
                <th scope="row" data-label={T.product}>
                  {line.product_name}
                </th>
                <td data-label={T.colour}>{line.selected_color}</td>
                <td data-label={T.quantity}>{line.quantity}</td>
                <td data-label={T.unitPrice} className="admin-table__money">
                  {money(unit)}
                </td>
                <td data-label={T.lineTotal} className="admin-table__money">
                  {money(unit * Number(line.quantity))}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

/** A refund's amount, and the tax returned with it: "$10.00 (includes $0.73 tax)". */
function refundAmount(cents: number, order: StaffOrder): string {
  const tax = taxShareOf(cents, order);
  return tax > 0
    ? `${formatPrice(cents)} (${T.includesTax(formatPrice(tax))})`
    : formatPrice(cents);
}

function Refunds({ detail }: { detail: OrderDetail }) {
  return (
    <section aria-labelledby="admin-refunds" className="admin-section">
      <h2 id="admin-refunds">{T.refunds}</h2>
      {detail.refunds.length === 0 ? (
        <p>{T.noRefunds}</p>
      ) : (
        <ul className="admin-plain-list">
          {detail.refunds.map((refund) => (
            <li key={String(refund.id)}>
              <span className="price">{refundAmount(refund.amount_cents, detail.order)}</span> ·{' '}
              {when(refund.created_at)} · {T.refundId} <code>{refund.provider_refund_id}</code>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Delivery({ order }: { order: StaffOrder }) {
  const address = order.shipping_address ? addressLines(order.shipping_address) : [];
  const shipTo =
    order.address_erased_at !== null ? (
      T.addressErased(formatDateTime(order.address_erased_at))
    ) : address.length > 0 || order.shipping_name ? (
      <address className="admin-address">
        {[order.shipping_name, ...address].filter(Boolean).map((line, i) => (
          <span key={i}>{line}</span>
        ))}
      </address>
    ) : (
      T.noAddress
    );
  return (
    <section aria-labelledby="admin-delivery" className="admin-section">
      <h2 id="admin-delivery">{T.delivery}</h2>
      <Facts
        items={[
          [T.shipTo, shipTo],
          [T.method, order.shipping_method ?? T.none],
          [T.carrier, order.carrier ?? T.notShipped],
          [T.trackingNumber, order.tracking_number ?? T.none],
        ]}
      />
    </section>
  );
}

function Timeline({ order }: { order: StaffOrder }) {
  return (
    <section aria-labelledby="admin-timeline" className="admin-section">
      <h2 id="admin-timeline">{T.timestamps}</h2>
      <Facts
        items={[
          [T.placed, when(order.created_at)],
          [T.shippedAt, when(order.shipped_at)],
          [T.deliveredAt, when(order.delivered_at)],
          [T.cancelledAt, when(order.cancelled_at)],
          [T.updated, when(order.updated_at)],
        ]}
      />
    </section>
  );
}

function Audit({ detail }: { detail: OrderDetail }) {
  return (
    <section aria-labelledby="admin-audit" className="admin-section">
      <h2 id="admin-audit">{T.audit}</h2>
      {detail.audit.length === 0 ? (
        <p>{T.noAudit}</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{T.auditWhen}</th>
              <th scope="col">{T.auditWho}</th>
              <th scope="col">{T.auditWhat}</th>
            </tr>
          </thead>
          <tbody>
            {detail.audit.map((entry) => (
              <tr key={String(entry.id)}>
                <td data-label={T.auditWhen}>{when(entry.at)}</td>
                <td data-label={T.auditWho}>{auditWho(entry)}</td>
                <td data-label={T.auditWhat}>{auditWhat(entry)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
