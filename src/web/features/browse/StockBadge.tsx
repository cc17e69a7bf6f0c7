import { stockLevelOf, useAvailable } from '../../state/use-stock.ts';
import './stock-badge.css';
import { stockText } from './texts.ts';

export interface StockBadgeProps {
  productKey: string;
  color: string;
  className?: string;
}

/** "In stock", "Only N left" or "Sold out" for one product and colour; nothing while unknown. */
export function StockBadge({ productKey, color, className = '' }: StockBadgeProps) {
  const level = stockLevelOf(useAvailable(productKey, color));
  if (level.kind === 'unknown') return null;
  const text =
    level.kind === 'out'
      ? stockText.soldOut
      : level.kind === 'low'
        ? stockText.onlyLeft(level.left)
        : stockText.inStock;
  return <p className={`stock-badge stock-badge--${level.kind} ${className}`.trim()}>{text}</p>;
}
