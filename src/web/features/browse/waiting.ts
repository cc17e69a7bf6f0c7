// What the cards and the dialog say of a pre-order or group buy, from its availability row.
import {
  canBuy,
  groupBuyPhase,
  unitsLeft,
  type ProductAvailability,
} from '../../../contracts/availability.ts';
import { daysUntil, formatDay, formatWindow } from '../../lib/ship-dates.ts';
import { waitingText as T } from './texts.ts';

/** "Pre-order · ships Jan 9–Feb 6, 2027" or "Group buy · ends Dec 22, 2026". */
export function headline(a: ProductAvailability): string {
  return a.kind === 'group_buy' && a.endsAt !== null
    ? T.groupBuy(formatDay(a.endsAt))
    : T.preOrder(formatWindow(a.shipsFrom, a.shipsBy));
}

/** A group buy's time: days left, ends today, not started yet, or ended. */
export function timeLeft(a: ProductAvailability, now: Date): string {
  const phase = groupBuyPhase(a, now);
  if (phase === 'upcoming') return T.notStarted(formatDay(a.startsAt ?? ''));
  if (phase === 'ended' || a.endsAt === null) return T.ended;
  const days = daysUntil(a.endsAt, now);
  return days <= 0 ? T.endsToday : T.daysLeft(days);
}

/** "N left" when capped (none left: "Sold out"); null without a cap. */
export function leftText(a: ProductAvailability): string | null {
  const left = unitsLeft(a);
  if (left === null) return null;
  return left <= 0 ? T.soldOut : T.left(left);
}

/** Why it cannot be added to a cart now, or null when it can. */
export function blockedBy(a: ProductAvailability, now: Date): 'sold-out' | 'phase' | null {
  if (canBuy(a, now)) return null;
  return unitsLeft(a) === 0 ? 'sold-out' : 'phase';
}
