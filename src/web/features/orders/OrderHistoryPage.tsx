import { useCallback, useLayoutEffect, useRef } from 'react';
import { formatPrice, type Catalogue } from '../../../catalogue/index.ts';
import { shownOrderStatus } from '../../../contracts/order-status.ts';
import { Logo, ProductArt } from '../../components/art/index.ts';
import { useSession } from '../../lib/session-react.tsx';
import { useCatalogueOrEmpty } from '../../state/use-catalogue.ts';
import { WaitingNotes } from '../../components/waiting/WaitingNotes.tsx';
import { ORDERS_PER_PAGE, type HistoryOrder } from './api.ts';
import type { OrderGroup, OrderLine } from './group.ts';
import { MoreOrders } from './MoreOrders.tsx';
import { ORDERS_TEXT as T } from './texts.ts';
import { useOrderHistory } from './use-order-history.ts';
import '../../components/controls.css';
import './orders.css';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function OrderHistoryPage() {
  const { status, user } = useSession();
  const history = useOrderHistory(status === 'signedIn' ? (user?.id ?? null) : null);
  const { groups, more, loadMore } = history;
  const page = useRef<HTMLDivElement>(null);
  // After "Show more orders", focus moves to the first order it added (or, at the end, to the
  // line saying so), so keyboard and screen-reader users carry on from there.
  const focusFrom = useRef<number | null>(null);

  const onMore = useCallback(
    (byButton: boolean) => {
      if (byButton) focusFrom.current = groups.length;
      loadMore();
    },
    [groups.length, loadMore],
  );

  // A layout effect: the focus moves in the same commit that adds the orders, never a frame later.
  useLayoutEffect(() => {
    const from = focusFrom.current;
    if (from === null || more === 'loading') return;
    focusFrom.current = null;
    if (more === 'failed') return; // the button, now "Try again", keeps the focus
    const target =
      groups.length > from
        ? page.current?.querySelectorAll<HTMLElement>('.order__date')[from]
        : page.current?.querySelector<HTMLElement>('.orders-more__status');
    target?.focus();
  }, [groups.length, more]);

  return (
    <div className="page container orders-page" ref={page}>
      <h1 tabIndex={-1}>{T.title}</h1>
      {status === 'signedOut' ? (
        <p>
          {T.loggedOut} <a href="#/login">{T.loginLink}</a>
        </p>
      ) : history.status === 'error' ? (
        <div className="orders-page__failed">
          <p role="alert">{T.failed}</p>
          <button className="button" type="button" onClick={history.retry}>
            {T.retry}
          </button>
        </div>
      ) : history.status === 'loaded' ? (
        <>
          <Orders groups={groups} />
          {groups.length > 0 && (
            <MoreOrders
              more={more}
              count={groups.length}
              onMore={onMore}
              paged={groups.length >= ORDERS_PER_PAGE}
            />
          )}
        </>
      ) : (
        <p role="status">{T.loading}</p>
      )}
    </div>
  );
}

function Orders({ groups }: { groups: OrderGroup[] }) {
  // Only the thumbnails need the catalogue: the orders show at once, each with the logo until it
  // is read (and for a product the shop no longer sells).
  const catalogue = useCatalogueOrEmpty();
  if (groups.length === 0) return <p>{T.empty}</p>;
  return (
    <ol className="orders" aria-label={T.ordersLabel}>
      {groups.map((group) => (
        <li key={group.id} className="card order">
          <div className="order__header">
            <h2 className="order__date" tabIndex={-1}>
              <span className="visually-hidden">{T.orderPlaced} </span>
              <time dateTime={group.createdAt}>{dateFormat.format(new Date(group.createdAt))}</time>
            </h2>
            <p className="order__total">
              {T.total}: <span className="price">{formatPrice(group.totalCents)}</span>
            </p>
            {group.order ? <OrderFacts order={group.order} /> : null}
          </div>
          <ul className="order__lines">
            {group.lines.map((line) => (
              <Line key={line.id} line={line} catalogue={catalogue} />
            ))}
          </ul>
          {group.order ? <WaitingNotes lines={group.order.waitsFor} text={T} /> : null}
        </li>
      ))}
    </ol>
  );
}

/** What a shopper is told about an order's progress (docs/product.md, Order history). */
export function statusLabel(order: HistoryOrder): string {
  const shown = shownOrderStatus(order);
  return shown === 'partially_refunded' ? T.partiallyRefunded : T.statusLabels[shown];
}

function OrderFacts({ order }: { order: HistoryOrder }) {
  const shipped = order.carrier && order.tracking_number;
  return (
    <dl className="order__facts">
      <div>
        <dt>{T.orderNumber}</dt>
        <dd className="order__number">{order.order_number}</dd>
      </div>
      <div>
        <dt>{T.status}</dt>
        <dd className="order__status">{statusLabel(order)}</dd>
      </div>
      {order.discount_cents > 0 ? (
        <div>
          <dt>{T.discount(order.discount_code)}</dt>
          <dd className="price">−{formatPrice(order.discount_cents)}</dd>
        </div>
      ) : null}
      {order.tax_cents > 0 ? (
        <div>
          <dt>{T.tax(order.tax_label, order.tax_inclusive)}</dt>
          <dd className="price">{formatPrice(order.tax_cents)}</dd>
        </div>
      ) : null}
      {shipped ? (
        <div>
          <dt>{T.shippedWith(order.carrier ?? '')}</dt>
          <dd>
            {T.tracking}: <span className="order__tracking">{order.tracking_number}</span>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

function Line({ line, catalogue }: { line: OrderLine; catalogue: Catalogue }) {
  const product = catalogue.byKey(line.productKey) ?? catalogue.byName(line.productName);
  const color =
    product && product.availableColors.includes(line.color) ? line.color : product?.selectedColor;
  return (
    <li className="order-line">
      {/* The name beside it says what it is, so the picture is decorative. */}
      <div className="order-line__thumb">
        {product && color ? (
          <ProductArt product={product} color={color} decorative />
        ) : (
          <Logo decorative />
        )}
      </div>
      <div className="order-line__info">
        <h3 className="order-line__name">{line.productName}</h3>
        <p className="order-line__facts">
          <span>
            {T.colour}: {line.color}
          </span>
          <span>
            {T.quantity}: {line.quantity}
          </span>
          <span>
            {T.unitPrice}: <span className="price">{formatPrice(line.priceCents)}</span>
          </span>
        </p>
      </div>
    </li>
  );
}
