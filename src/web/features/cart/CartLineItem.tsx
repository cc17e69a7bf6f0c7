import {
  encodeLineItemName,
  findProductByKey,
  formatPrice,
  type CartLine,
} from '../../../catalogue/index.ts';
import { Logo, ProductArt } from '../../components/art/index.ts';
import { cartStore } from '../../state/cart-store.ts';
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
        <p className="cart-line__price price">
          <span className="visually-hidden">{cartText.unitPrice} </span>
          {product ? formatPrice(product.priceCents) : ''}
        </p>
      </div>
      <div className="cart-line__controls">
        <div className="quantity">
          <button
            type="button"
            className="quantity__step"
            aria-label={cartText.decrease(item)}
            disabled={quantity <= 1}
            onClick={() => cartStore.setQuantity(key, color, quantity - 1)}
          >
            <span aria-hidden="true">−</span>
          </button>
          <span className="quantity__value">{cartText.quantity(quantity)}</span>
          <button
            type="button"
            className="quantity__step"
            aria-label={cartText.increase(item)}
            onClick={() => cartStore.setQuantity(key, color, quantity + 1)}
          >
            <span aria-hidden="true">+</span>
          </button>
        </div>
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
