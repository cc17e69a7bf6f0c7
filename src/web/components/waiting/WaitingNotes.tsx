import { shipsWhenAllReady, type WaitingLine } from '../../../contracts/availability.ts';
import { formatDay } from '../../lib/ship-dates.ts';
import './waiting-notes.css';

/** The sentences, from the feature that shows them (its texts.ts); dates come written. */
export interface WaitingNotesText {
  preOrder: (name: string, from: string, to: string) => string;
  groupBuy: (name: string, ends: string, from: string, to: string) => string;
  shipsWhenReady: (by: string) => string;
}

/**
 * What an order waits for (shop_orders.waits_for, docs/decisions/0051-pre-orders-and-group-buys.md):
 * each pre-order's or group buy's window as it was sold, and when the whole order ships. Nothing
 * for an order that waits for none.
 */
export function WaitingNotes({
  lines,
  text,
}: {
  lines: readonly WaitingLine[];
  text: WaitingNotesText;
}) {
  const by = shipsWhenAllReady(lines);
  if (by === null) return null;
  return (
    <div className="waiting-notes">
      <ul>
        {lines.map((line) => {
          const [from, to] = [formatDay(line.shipsFrom), formatDay(line.shipsBy)];
          return (
            <li key={line.productKey}>
              {line.kind === 'group_buy' && line.endsAt !== null
                ? text.groupBuy(line.name, formatDay(line.endsAt), from, to)
                : text.preOrder(line.name, from, to)}
            </li>
          );
        })}
      </ul>
      <p>{text.shipsWhenReady(formatDay(by))}</p>
    </div>
  );
}
