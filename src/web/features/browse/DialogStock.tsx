import { LOW_STOCK } from '../../state/use-stock.ts';
import { dialogText, stockText } from './texts.ts';

export interface DialogStockProps {
  /** Units left of the chosen colour; undefined while unknown. */
  available: number | undefined;
  /** Units of it already in the cart. */
  inCart: number;
  /** Whether what is left keeps a quantity or pack from being offered. */
  limits: boolean;
}

/**
 * The dialog's stock line (docs/product.md, Stock): like a card's badge, but it says how many are
 * left whenever that limits the choice, and counts the cart's units.
 */
export function DialogStock({ available, inCart, limits }: DialogStockProps) {
  if (available === undefined)
    return <p className="stock-badge stock-badge--unknown" aria-hidden />;
  let kind = 'in';
  let text: string = stockText.inStock;
  if (available <= 0) [kind, text] = ['out', stockText.soldOut];
  else if (inCart >= available) [kind, text] = ['low', dialogText.allInCart(available)];
  else if (limits || available <= LOW_STOCK) {
    kind = 'low';
    text = inCart > 0 ? dialogText.leftWithCart(available, inCart) : stockText.onlyLeft(available);
  }
  return <p className={`stock-badge stock-badge--${kind}`}>{text}</p>;
}
