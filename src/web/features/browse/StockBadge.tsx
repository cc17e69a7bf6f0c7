import { useProductAvailability } from '../../state/use-availability.ts';
import { stockLevelOf, useAvailable, type StockLevel } from '../../state/use-stock.ts';
import './stock-badge.css';
import { stockText } from './texts.ts';
import { WaitingBadge } from './WaitingBadge.tsx';

export interface StockBadgeProps {
  productKey: string;
  color: string;
  className?: string;
}

function badgeText(level: StockLevel): string | null {
  switch (level.kind) {
    case 'unknown':
      return null;
    case 'out':
      return stockText.soldOut;
    case 'low':
      return stockText.onlyLeft(level.left);
    case 'in':
      return stockText.inStock;
  }
}

/**
 * "In stock", "Only N left" or "Sold out" for one product and colour; a pre-order's or group buy's
 * own line instead, as those sell from their cap, not the stock. While unknown it says
 * nothing but keeps its line: stock arrives after the cards are drawn, and a badge appearing in
 * every card would push the row's buttons down under a shopper's pointer.
 */
export function StockBadge({ productKey, color, className = '' }: StockBadgeProps) {
  const level = stockLevelOf(useAvailable(productKey, color));
  const waiting = useProductAvailability(productKey);
  if (waiting) return <WaitingBadge availability={waiting} />;
  const text = badgeText(level);
  return (
    <p
      className={`stock-badge stock-badge--${level.kind} ${className}`.trim()}
      aria-hidden={text === null || undefined}
    >
      {text}
    </p>
  );
}
