import {
  buyable,
  changedPrice,
  encodeLineItemName,
  formatPrice,
  lineTotalCents,
  type CartLine,
  type Catalogue,
} from '../../../catalogue/index.ts';
import { Logo, ProductArt } from '../../components/art/index.ts';
import { QuantityField, quantityText } from '../../components/quantity/index.ts';
import { cartStore } from '../../state/cart-store.ts';
import { useProductAvailability } from '../../state/use-availability.ts';
import { StockShortage } from './StockShortage.tsx';
import { WaitingNote } from './WaitingNote.tsx';
import { cartText } from './texts.ts';

/**
 * One cart line, priced from the catalogue as read now: a price changed since the line was added
 * shows as the new price and says what it was. A line the shop no longer sells (the product
 * archived or gone, or the colour no longer offered) stays, flagged, with only its Remove button,
 * named as the shopper saw it: checkout refuses it.
 */
export function CartLineItem({ line, catalogue }: { line: CartLine; catalogue: Catalogue }) {
  const product = catalogue.byKey(line.key);
  const sold = buyable(line, catalogue);
  // The shop shares no name of a product it no longer sells: the line remembers the one it had.
  const name = product?.name ?? line.seen?.name ?? cartText.goneName;
  const was = sold ? changedPrice(line, catalogue) : undefined;
  const item = encodeLineItemName(name, line.color);
  const { key, color, quantity } = line;
  const waiting = useProductAvailability(key);

  return (
    <li className={`cart-line card${sold ? '' : ' cart-line--gone'}`}>
      <div className="cart-line__art">
        {product ? <ProductArt product={product} color={color} /> : <Logo />}
      </div>
      <div className="cart-line__info">
        <h2 className="cart-line__name">{name}</h2>
        <p className="cart-line__colour">{cartText.colour(color)}</p>
        {sold ? (
          <>
            {waiting ? (
              <WaitingNote availability={waiting} />
            ) : (
              <StockShortage productKey={key} color={color} quantity={quantity} />
            )}
            <p className="cart-line__price price">
              <span className="visually-hidden">{cartText.unitPrice} </span>
              {product && formatPrice(product.priceCents)}
            </p>
            {was !== undefined && product && (
              <p className="cart-line__price-changed">
                {cartText.priceChanged(formatPrice(was), formatPrice(product.priceCents))}
              </p>
            )}
          </>
        ) : (
          <p className="cart-line__shortage">
            {product ? cartText.colourGone : cartText.productGone}
          </p>
        )}
      </div>
      <div className="cart-line__controls">
        {sold && (
          <>
            <QuantityField
              value={quantity}
              onChange={(next) => cartStore.setQuantity(key, color, next)}
              applyOn="commit"
              label={
                <>
                  {quantityText.label}
                  <span className="visually-hidden"> {cartText.quantityOf(item)}</span>
                </>
              }
              decreaseLabel={cartText.decrease(item)}
              increaseLabel={cartText.increase(item)}
            />
            <p className="cart-line__total">
              <span>{cartText.lineTotal}</span>{' '}
              <span className="price">{formatPrice(lineTotalCents(line, catalogue))}</span>
            </p>
          </>
        )}
        <button
          type="button"
          className="button button--ghost button--small cart-line__remove"
          aria-label={cartText.removeItem(item)}
          onClick={() => cartStore.remove(key, color)}
        >
          {cartText.remove}
        </button>
      </div>
    </li>
  );
}
