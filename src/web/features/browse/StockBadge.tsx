import { stockLevelOf, useAvailable } from '../../state/use-stock.ts';
import './stock-badge.css';
import { stockText } from './texts.ts';

export interface StockBadgeProps {
  productKey: string;
  color: string;
  className?: string;
}

/**
 * "In stock", "Only N left" or "Sold out" for one product and colour. While unknown it says
 * nothing but keeps its line: stock arrives after the cards are drawn, and a badge appearing in
 * every card would push the row's buttons down under a shopper's pointer.
 */
export function StockBadge({ productKey, color, className = '' }: StockBadgeProps) {
  const level = stockLevelOf(useAvailable(productKey, color));
  if (level.kind === 'unknown')
    return (
      <p className={`stock-badge stock-badge--unknown ${className}`.trim()} aria-hidden="true" />
    );
  const text =
    level.kind === 'out'
      ? stockText.soldOut
      : level.kind === 'low'
        ? stockText.onlyLeft(level.left)
        : stockText.inStock;
  return <p className={`stock-badge stock-badge--${level.kind} ${className}`.trim()}>{text}</p>;
}
