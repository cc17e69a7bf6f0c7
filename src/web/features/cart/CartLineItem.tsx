import {
  encodeLineItemName,
  findProductByKey,
  formatPrice,
  lineTotalCents,
  type CartLine,
} from '../../../catalogue/index.ts';
import { Logo, ProductArt } from '../../components/art/index.ts';
import { QuantityField, quantityText } from '../../components/quantity/index.ts';
import { cartStore } from '../../state/cart-store.ts';
import { StockShortage } from './StockShortage.tsx';
import { cartText } from './texts.ts';

export function CartLineItem({ line }: { line: CartLine }) {
  const product = findProductByKey(line.key);
  // The store drops lines of unknown products when it reads them; this only guards the render.
  const name = product?.name ?? line.key;
  const item = encodeLineItemName(name, line.color);
  const { key, color, quantity } = line;

  return (
    <li className="cart-line card">
      <div className="cart-line__art">
        {product ? <ProductArt product={product} color={color} /> : <Logo />}
      </div>
      <div className="cart-line__info">
        <h2 className="cart-line__name">{name}</h2>
        <p className="cart-line__colour">{cartText.colour(color)}</p>
        <StockShortage productKey={key} color={color} quantity={quantity} />
        <p className="cart-line__price price">
          <span className="visually-hidden">{cartText.unitPrice} </span>
          {product ? formatPrice(product.priceCents) : ''}
        </p>
      </div>
      <div className="cart-line__controls">
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
          <span className="price">{formatPrice(lineTotalCents(line))}</span>
        </p>
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
