import { unitsLeft, type ProductAvailability } from '../../../contracts/availability.ts';
import { useNow } from '../../state/use-availability.ts';
import { waitingText } from './texts.ts';
import { headline, leftText, timeLeft } from './waiting.ts';

/**
 * A card's line for a pre-order or group buy, in the stock badge's place: what it is and when,
 * then what is left of the cap (pre-order) or of the group buy's time; "Sold out" before either.
 */
export function WaitingBadge({ availability: a }: { availability: ProductAvailability }) {
  const now = useNow();
  const more =
    unitsLeft(a) === 0
      ? waitingText.soldOut
      : a.kind === 'group_buy'
        ? timeLeft(a, now)
        : leftText(a);
  return (
    <p className="stock-badge stock-badge--waiting">
      <span>{headline(a)}</span>
      {more && (
        <>
          {' · '}
          <span>{more}</span>
        </>
      )}
    </p>
  );
}
