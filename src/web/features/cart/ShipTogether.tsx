import { useId } from 'react';
import { cartText } from './texts.ts';

export interface ShipTogetherProps {
  /** When the last waiting line ships, written ("Apr 15, 2027"). */
  by: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The id of the line telling why Checkout waits for the box (the button is described by it). */
  reasonId: string;
}

/**
 * The shopper's consent that a cart mixing in-stock items with pre-orders or group buys ships
 * once, when its last item is ready: the server refuses such a cart without it
 * (docs/decisions/0051-pre-orders-and-group-buys.md).
 */
export function ShipTogether({ by, checked, onChange, reasonId }: ShipTogetherProps) {
  const whyId = useId();
  return (
    <div className="cart-summary__together">
      <label className="cart-summary__together-choice">
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={whyId}
        />{' '}
        {cartText.shipTogether(by)}
      </label>
      <p id={whyId} className="cart-summary__together-why">
        {cartText.shipTogetherWhy}
      </p>
      {!checked && (
        <p id={reasonId} className="cart-summary__together-reason">
          {cartText.shipTogetherFirst}
        </p>
      )}
    </div>
  );
}
