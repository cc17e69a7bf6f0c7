// Pre-orders and group buys, as the storefront, the server and the back office all read them
// (docs/decisions/0051-pre-orders-and-group-buys.md). A product with no availability is in stock.

export type AvailabilityKind = 'pre_order' | 'group_buy';

/** A product sold before it exists: its row of public.product_availability, with its progress. */
export interface ProductAvailability {
  productKey: string;
  kind: AvailabilityKind;
  /** The estimated ship window, dates as YYYY-MM-DD. */
  shipsFrom: string;
  shipsBy: string;
  /** The most units ever sold; null: no limit. */
  cap: number | null;
  /** A group buy's run (ISO timestamps) and minimum; null for a pre-order. */
  startsAt: string | null;
  endsAt: string | null;
  moq: number | null;
  /** Units in orders not cancelled or refunded, and units held by open checkouts. */
  unitsPaid: number;
  unitsHeld: number;
}

/** One line of an order that waits: the window it was sold with (shop_orders.waits_for). */
export interface WaitingLine {
  productKey: string;
  name: string;
  kind: AvailabilityKind;
  shipsFrom: string;
  shipsBy: string;
  /** When the group buy ends (and its outcome is known); null for a pre-order. */
  endsAt: string | null;
}

/** Units a shopper can still buy: what the cap leaves after paid and held units; null: no cap. */
export function unitsLeft(a: ProductAvailability): number | null {
  return a.cap === null ? null : Math.max(0, a.cap - a.unitsPaid - a.unitsHeld);
}

export type GroupBuyPhase = 'upcoming' | 'open' | 'ended';

/** Where a group buy is at `now`: before its start, running, or past its end. */
export function groupBuyPhase(a: ProductAvailability, now: Date): GroupBuyPhase {
  if (a.startsAt !== null && now < new Date(a.startsAt)) return 'upcoming';
  if (a.endsAt !== null && now >= new Date(a.endsAt)) return 'ended';
  return 'open';
}

/** Whether a shopper can add it to a cart now: not sold out, and a group buy that is running. */
export function canBuy(a: ProductAvailability, now: Date): boolean {
  const left = unitsLeft(a);
  if (left !== null && left <= 0) return false;
  return a.kind === 'pre_order' || groupBuyPhase(a, now) === 'open';
}

/**
 * A cart mixing in-stock products with ones that wait ships when the last item is ready: checkout
 * asks the shopper to accept that (the checkout request's shipTogether), and the server refuses a
 * mixed cart without it.
 */
export function mixesWaiting(lines: readonly { waits: boolean }[]): boolean {
  return lines.some((l) => l.waits) && lines.some((l) => !l.waits);
}

/** The latest ship date of the lines that wait: when a mixed order ships. */
export function shipsWhenAllReady(waiting: readonly Pick<WaitingLine, 'shipsBy'>[]): string | null {
  return waiting.reduce<string | null>(
    (last, w) => (last === null || w.shipsBy > last ? w.shipsBy : last),
    null,
  );
}
