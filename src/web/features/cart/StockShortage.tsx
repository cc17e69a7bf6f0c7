import { useAvailable } from '../../state/use-stock.ts';
import { shortageText } from './texts.ts';

export interface StockShortageProps {
  productKey: string;
  color: string;
  quantity: number;
}

/** Says when a cart line asks for more units than are left; nothing otherwise or while unknown. */
export function StockShortage({ productKey, color, quantity }: StockShortageProps) {
  const available = useAvailable(productKey, color);
  if (available === undefined || available >= quantity) return null;
  return (
    <p className="cart-line__shortage">
      {available <= 0 ? shortageText.soldOut : shortageText.onlyLeft(available)}
    </p>
  );
}
