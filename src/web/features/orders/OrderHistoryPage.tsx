import { findProductByKey, findProductByName, formatPrice } from '../../../catalogue/index.ts';
import { Logo, ProductArt } from '../../components/art/index.ts';
import { useSession } from '../../lib/session-react.tsx';
import { groupOrders, type OrderGroup, type OrderLine } from './group.ts';
import { ORDERS_TEXT as T } from './texts.ts';
import { useOrders } from './use-orders.ts';
import '../../components/controls.css';
import './orders.css';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function OrderHistoryPage() {
  const { status, user } = useSession();
  const { state, retry } = useOrders(status === 'signedIn' ? (user?.id ?? null) : null);

  return (
    <div className="page container orders-page">
      <h1 tabIndex={-1}>{T.title}</h1>
      {status === 'signedOut' ? (
        <p>
          {T.loggedOut} <a href="#/login">{T.loginLink}</a>
        </p>
      ) : state.status === 'error' ? (
        <div className="orders-page__failed">
          <p role="alert">{T.failed}</p>
          <button className="button" type="button" onClick={retry}>
            {T.retry}
          </button>
        </div>
      ) : state.status === 'loaded' ? (
        <Orders groups={groupOrders(state.rows)} />
      ) : (
        <p role="status">{T.loading}</p>
      )}
    </div>
  );
}

function Orders({ groups }: { groups: OrderGroup[] }) {
  if (groups.length === 0) return <p>{T.empty}</p>;
  return (
    <ol className="orders" aria-label={T.ordersLabel}>
      {groups.map((group) => (
        <li key={group.id} className="card order">
          <div className="order__header">
            <h2 className="order__date">
              <span className="visually-hidden">{T.orderPlaced} </span>
              <time dateTime={group.createdAt}>{dateFormat.format(new Date(group.createdAt))}</time>
            </h2>
            <p className="order__total">
              {T.total}: <span className="price">{formatPrice(group.totalCents)}</span>
            </p>
          </div>
          <ul className="order__lines">
            {group.lines.map((line) => (
              <Line key={line.id} line={line} />
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

function Line({ line }: { line: OrderLine }) {
  const product = findProductByKey(line.productKey) ?? findProductByName(line.productName);
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
            {T.price}: <span className="price">{formatPrice(line.priceCents)}</span>
          </span>
        </p>
      </div>
    </li>
  );
}
