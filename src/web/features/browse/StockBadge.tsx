import { stockLevelOf, useAvailable, type StockLevel } from '../../state/use-stock.ts';
import './stock-badge.css';
import { stockText } from './texts.ts';

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
 * "In stock", "Only N left" or "Sold out" for one product and colour. While unknown it says
 * nothing but keeps its line: stock arrives after the cards are drawn, and a badge appearing in
 * every card would push the row's buttons down under a shopper's pointer.
 */
export function StockBadge({ productKey, color, className = '' }: StockBadgeProps) {
  const level = stockLevelOf(useAvailable(productKey, color));
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
