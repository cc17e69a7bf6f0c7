import { useId } from 'react';
import { unitsLeft, type ProductAvailability } from '../../../contracts/availability.ts';
import { formatWindow } from '../../lib/ship-dates.ts';
import './stock-badge.css';
import { dialogText, waitingText as T } from './texts.ts';
import { blockedBy, headline, leftText, timeLeft } from './waiting.ts';

export interface WaitingDetailsProps {
  availability: ProductAvailability;
  now: Date;
  /** Units of the product already in the cart, all colours: the cap counts them all. */
  inCart: number;
  /** The id Add to Cart is described by when it cannot be bought: put on the line saying why. */
  reasonId: string;
}

/**
 * The dialog's and product page's lines for a pre-order or group buy, in the stock line's place:
 * its window, what is left of the cap, and a group buy's progress to its minimum and its time.
 */
export function WaitingDetails({ availability: a, now, inCart, reasonId }: WaitingDetailsProps) {
  const progressId = useId();
  const blocked = blockedBy(a, now);
  const left = unitsLeft(a);
  const leftLine =
    left !== null && left > 0 && inCart >= left ? dialogText.allInCart(left) : leftText(a);
  return (
    <div className="waiting-details">
      <p className="stock-badge stock-badge--waiting">{headline(a)}</p>
      {a.kind === 'group_buy' && a.moq !== null && (
        <>
          <p id={progressId} className="waiting-details__joined">
            {T.joined(a.unitsPaid, a.moq)}
          </p>
          <progress aria-labelledby={progressId} max={a.moq} value={Math.min(a.unitsPaid, a.moq)} />
          <p id={blocked === 'phase' ? reasonId : undefined}>{timeLeft(a, now)}</p>
          <p>{T.shipsIfReached(a.moq, formatWindow(a.shipsFrom, a.shipsBy))}</p>
        </>
      )}
      {leftLine && <p id={blocked === 'sold-out' ? reasonId : undefined}>{leftLine}</p>}
    </div>
  );
}
