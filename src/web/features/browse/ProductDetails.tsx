import { useId, useRef, useState, type ReactNode } from 'react';
import {
  formatPrice,
  MAX_LINE_QUANTITY,
  packSizes,
  type Product,
} from '../../../catalogue/index.ts';
import type { SpecNames } from '../../../catalogue/specs/index.ts';
import { useToast } from '../../components/toast/index.ts';
import { cartStore, useCart } from '../../state/cart-store.ts';
import { BuyQuantity } from './BuyQuantity.tsx';
import { CompareToggle } from './CompareToggle.tsx';
import { FactList, listPrice, productFacts } from './format.tsx';
import { SpecTable } from './SpecTable.tsx';
import { DialogStock } from './DialogStock.tsx';
import { ProductPhotos } from './ProductPhotos.tsx';
import { dialogText, stockText } from './texts.ts';
import { useAvailable } from '../../state/use-stock.ts';
import { useNow, useProductAvailability } from '../../state/use-availability.ts';
import { unitsLeft } from '../../../contracts/availability.ts';
import { WaitingDetails } from './WaitingDetails.tsx';
import { blockedBy } from './waiting.ts';

export interface ProductDetailsProps {
  product: Product;
  /** Where the spec table finds the names of the products a sheet refers to: the catalogue. */
  names: SpecNames;
  /** The id of the product's name, which names the dialog or the page. */
  titleId: string;
  /** The name is the dialog's heading (h2 under the list's h1) or the page's own (h1). */
  titleLevel: 'h1' | 'h2';
  /** After Add to Cart has put the units in the cart (the dialog closes). */
  onAdded?: () => void;
  /** Whether the product can be put in the comparison (the list pages, where its tray is). */
  comparable?: boolean;
  /** Shown under the price: the product page's rating. */
  rating?: ReactNode;
  /** Shown under the specifications: the dialog's link to the product's page. */
  footer?: ReactNode;
}

/**
 * A product's photos, name, price, description, colour and quantity, Add to Cart, stock and
 * specification sheet: the product dialog's content, and the product page's.
 */
export function ProductDetails({
  product,
  names,
  titleId,
  titleLevel: Title,
  onAdded,
  comparable = true,
  rating,
  footer,
}: ProductDetailsProps) {
  const [colour, setColour] = useState(product.selectedColor);
  const [quantity, setQuantity] = useState(1);
  const [quantityValid, setQuantityValid] = useState(true);
  const quantityRef = useRef<HTMLInputElement>(null);
  const toast = useToast();
  const colourId = useId();
  const reasonId = useId();
  const stock = useAvailable(product.key, colour);
  // A pre-order or group buy sells from its cap, for all colours together, not from the stock.
  const waiting = useProductAvailability(product.key);
  const now = useNow();
  const cart = useCart().filter((line) => line.key === product.key);
  const inCart = cart.find((line) => line.color === colour)?.quantity ?? 0;
  const inCartAll = cart.reduce((sum, line) => sum + line.quantity, 0);
  const capLeft = waiting ? unitsLeft(waiting) : null;
  const available = waiting ? (capLeft === null ? undefined : capLeft - inCartAll + inCart) : stock;
  // What can still be added: the units left less the cart's (docs/product.md, Stock).
  const limit =
    available === undefined
      ? undefined
      : Math.max(Math.min(available, MAX_LINE_QUANTITY) - inCart, 0);
  // Fewer left than chosen (another colour, or the stock arrived): choose what is left.
  if (limit !== undefined && limit >= 1 && quantity > limit) setQuantity(limit);
  const chosen = limit === undefined ? quantity : Math.min(quantity, Math.max(limit, 1));
  // Sold out, not started or ended: Add to Cart keeps its name and says why beside it.
  const blocked = waiting ? blockedBy(waiting, now) !== null : false;
  const soldOut = !waiting && available === 0;
  const full = !soldOut && limit === 0;
  const limits = limit !== undefined && packSizes(product).some((size) => size > limit);

  const addToCart = () => {
    // A bad typed quantity is explained next to the field; send the shopper back to it.
    if (full || blocked) return;
    if (!quantityValid) {
      quantityRef.current?.focus();
      return;
    }
    cartStore.add(product.key, colour, chosen, {
      name: product.name,
      priceCents: product.priceCents,
    });
    onAdded?.();
    toast.show(dialogText.added(product.name, colour, chosen), {
      tone: 'success',
      group: 'cart-added',
    });
  };

  return (
    <div className="product-dialog__layout">
      <ProductPhotos product={product} color={colour} />
      <div className="product-dialog__info">
        <Title id={titleId} className="product-dialog__title">
          {product.name}
        </Title>
        <p className="product-dialog__price price">{listPrice(product)}</p>
        {rating}
        <p className="product-dialog__description">{product.description}</p>
        <FactList
          facts={productFacts(product, { withColour: false })}
          className="product-dialog__facts"
        />
        <div className="product-dialog__buy">
          <div className="field">
            <label htmlFor={colourId}>{dialogText.colourLabel}</label>
            <select
              id={colourId}
              className="select"
              value={colour}
              onChange={(event) => setColour(event.target.value)}
            >
              {product.availableColors.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
          <BuyQuantity
            product={product}
            quantity={chosen}
            onChange={setQuantity}
            onValidityChange={setQuantityValid}
            inputRef={quantityRef}
            limit={limit}
            limitProblem={
              limit === undefined
                ? undefined
                : inCart > 0
                  ? dialogText.overStockWithCart(limit, inCart)
                  : dialogText.overStock(limit)
            }
          />
          <p className="product-dialog__total">
            {dialogText.total}{' '}
            <span className="price">{formatPrice(product.priceCents * chosen)}</span>
          </p>
          <button
            type="button"
            className="button button--primary"
            onClick={addToCart}
            disabled={soldOut || full || blocked}
            aria-describedby={blocked ? reasonId : undefined}
          >
            {soldOut ? stockText.soldOut : dialogText.addToCart}
          </button>
        </div>
        <div aria-live="polite">
          {waiting ? (
            <WaitingDetails
              availability={waiting}
              now={now}
              inCart={inCartAll}
              reasonId={reasonId}
            />
          ) : (
            <DialogStock available={available} inCart={inCart} limits={limits} />
          )}
        </div>
        {comparable && <CompareToggle product={product} className="product-dialog__compare" />}
        <SpecTable product={product} names={names} />
        {footer}
      </div>
    </div>
  );
}
