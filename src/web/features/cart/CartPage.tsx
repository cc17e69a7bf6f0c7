import { useId, useState } from 'react';
import { mixesWaiting, shipsWhenAllReady } from '../../../contracts/availability.ts';
import {
  buyable,
  cartCount,
  cartSubtotalCents,
  formatPrice,
  type CartLine,
  type Catalogue,
} from '../../../catalogue/index.ts';
import { CatalogueStatus } from '../../components/catalogue-status/index.ts';
import { useToast } from '../../components/toast/index.ts';
import { useCart } from '../../state/cart-store.ts';
import { formatDay } from '../../lib/ship-dates.ts';
import { useAvailabilities } from '../../state/use-availability.ts';
import { useCatalogue } from '../../state/use-catalogue.ts';
import { useStockAvailability } from '../../state/use-stock.ts';
import { CartLineItem } from './CartLineItem.tsx';
import { DroppedLinesNotice } from './DroppedLinesNotice.tsx';
import { EmptyCart } from './EmptyCart.tsx';
import { ShipTogether } from './ShipTogether.tsx';
import { cartText } from './texts.ts';
import '../../components/controls.css';
import './cart.css';

/** What the shopper chose beside the lines: a mixed cart ships together (their consent). */
export interface CheckoutChoices {
  shipTogether: boolean;
}

export interface CartPageProps {
  /** Starts checkout with the catalogue the cart shows; the checkout feature supplies it. */
  onCheckout?: (catalogue: Catalogue, choices: CheckoutChoices) => void;
  /** Checkout is under way (the button waits for the redirect). */
  checkoutBusy?: boolean;
}

export default function CartPage(props: CartPageProps) {
  const lines = useCart();
  useStockAvailability({ fresh: true });

  if (lines.length === 0) {
    return <EmptyCart notice={<DroppedLinesNotice />} />;
  }
  return <FilledCart lines={lines} {...props} />;
}

/**
 * The lines need the catalogue (names, pictures, prices): until it is read, the title and the
 * loading line, as the cart's frame draws them (app/page-frames.tsx); the title stays the same
 * element when the lines come (the focus a navigation gave it).
 */
function FilledCart({ lines, ...props }: CartPageProps & { lines: readonly CartLine[] }) {
  const view = useCatalogue();
  return (
    <div className="page container cart-page">
      <h1>{cartText.title}</h1>
      {view.status === 'ready' ? (
        <CartLines lines={lines} catalogue={view.catalogue} {...props} />
      ) : (
        <CatalogueStatus view={view} />
      )}
    </div>
  );
}

function CartLines({
  lines,
  catalogue,
  onCheckout,
  checkoutBusy = false,
}: CartPageProps & { lines: readonly CartLine[]; catalogue: Catalogue }) {
  const toast = useToast();
  const reasonId = useId();
  const [together, setTogether] = useState(false);
  // The summary counts what can be ordered; a line the shop no longer sells is flagged instead.
  const orderable = lines.filter((line) => buyable(line, catalogue));
  const availability = useAvailabilities();
  const mixed = mixesWaiting(orderable.map((line) => ({ waits: availability.has(line.key) })));
  const lastShips = shipsWhenAllReady(orderable.flatMap((l) => availability.get(l.key) ?? []));
  const needsConsent = mixed && !together;
  // Until checkout lands, say so plainly rather than pretend to take an order.
  const checkout = onCheckout
    ? () => onCheckout(catalogue, { shipTogether: mixed && together })
    : () => toast.show(cartText.checkoutUnavailable);

  return (
    <>
      <DroppedLinesNotice />
      <div className="cart-layout">
        <ul aria-label={cartText.linesLabel} className="cart-lines">
          {lines.map((line) => (
            <CartLineItem key={`${line.key}|${line.color}`} line={line} catalogue={catalogue} />
          ))}
        </ul>
        <section aria-labelledby="cart-summary-title" className="cart-summary card">
          <h2 id="cart-summary-title" className="visually-hidden">
            {cartText.summaryLabel}
          </h2>
          <p className="cart-summary__count">{cartText.itemCount(cartCount(orderable))}</p>
          <p className="cart-summary__subtotal">
            <span>{cartText.subtotal}</span>{' '}
            <span className="price">{formatPrice(cartSubtotalCents(lines, catalogue))}</span>
          </p>
          {mixed && lastShips !== null && (
            <ShipTogether
              by={formatDay(lastShips)}
              checked={together}
              onChange={setTogether}
              reasonId={reasonId}
            />
          )}
          <button
            type="button"
            className="button button--primary cart-summary__checkout"
            onClick={checkout}
            disabled={checkoutBusy || needsConsent}
            aria-busy={checkoutBusy}
            aria-describedby={needsConsent ? reasonId : undefined}
          >
            {checkoutBusy ? cartText.checkoutBusy : cartText.checkout}
          </button>
        </section>
      </div>
    </>
  );
}
