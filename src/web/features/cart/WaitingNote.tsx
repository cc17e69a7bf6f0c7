import { unitsLeft, type ProductAvailability } from '../../../contracts/availability.ts';
import { formatDay, formatWindow } from '../../lib/ship-dates.ts';
import { useCart } from '../../state/cart-store.ts';
import { cartText, shortageText } from './texts.ts';

/**
 * A pre-order's or group buy's cart line: when it ships, in place of the stock shortage (it sells
 * from its cap, not the stock), and the cap's shortage, which counts every colour in the cart.
 */
export function WaitingNote({ availability: a }: { availability: ProductAvailability }) {
  const inCart = useCart()
    .filter((line) => line.key === a.productKey)
    .reduce((sum, line) => sum + line.quantity, 0);
  const window = formatWindow(a.shipsFrom, a.shipsBy);
  const left = unitsLeft(a);
  return (
    <>
      <p className="cart-line__waiting">
        {a.kind === 'group_buy' && a.endsAt !== null
          ? cartText.groupBuy(formatDay(a.endsAt), window)
          : cartText.preOrder(window)}
      </p>
      {left !== null && left < inCart && (
        <p className="cart-line__shortage">
          {left <= 0 ? shortageText.soldOut : shortageText.onlyLeft(left)}
        </p>
      )}
    </>
  );
}
