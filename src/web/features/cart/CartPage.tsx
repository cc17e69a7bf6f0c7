import { cartSubtotalCents, cartCount, formatPrice } from '../../../catalogue/index.ts';
import { useToast } from '../../components/toast/index.ts';
import { useCart } from '../../state/cart-store.ts';
import { useStockAvailability } from '../../state/use-stock.ts';
import { CartLineItem } from './CartLineItem.tsx';
import { DroppedLinesNotice } from './DroppedLinesNotice.tsx';
import { EmptyCart } from './EmptyCart.tsx';
import { cartText } from './texts.ts';
import '../../components/controls.css';
import './cart.css';

export interface CartPageProps {
  /** Starts checkout; the checkout feature supplies it. */
  onCheckout?: () => void;
  /** Checkout is under way (the button waits for the redirect). */
  checkoutBusy?: boolean;
}

export default function CartPage({ onCheckout, checkoutBusy = false }: CartPageProps) {
  const lines = useCart();
  const toast = useToast();
  useStockAvailability({ fresh: true });

  if (lines.length === 0) {
    return <EmptyCart notice={<DroppedLinesNotice />} />;
  }

  // Until checkout lands, say so plainly rather than pretend to take an order.
  const checkout = onCheckout ?? (() => toast.show(cartText.checkoutUnavailable));

  return (
    <div className="page container cart-page">
      <h1>{cartText.title}</h1>
      <DroppedLinesNotice />
      <div className="cart-layout">
        <ul aria-label={cartText.linesLabel} className="cart-lines">
          {lines.map((line) => (
            <CartLineItem key={`${line.key}|${line.color}`} line={line} />
          ))}
        </ul>
        <section aria-labelledby="cart-summary-title" className="cart-summary card">
          <h2 id="cart-summary-title" className="visually-hidden">
            {cartText.summaryLabel}
          </h2>
          <p className="cart-summary__count">{cartText.itemCount(cartCount(lines))}</p>
          <p className="cart-summary__subtotal">
            <span>{cartText.subtotal}</span>{' '}
            <span className="price">{formatPrice(cartSubtotalCents(lines))}</span>
          </p>
          <button
            type="button"
            className="button button--primary cart-summary__checkout"
            onClick={checkout}
            disabled={checkoutBusy}
            aria-busy={checkoutBusy}
          >
            {checkoutBusy ? cartText.checkoutBusy : cartText.checkout}
          </button>
        </section>
      </div>
    </div>
  );
}
