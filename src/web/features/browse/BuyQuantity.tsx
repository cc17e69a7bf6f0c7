import { packSizes, type Product } from '../../../catalogue/index.ts';
import { PackChooser, QuantityField } from '../../components/quantity/index.ts';
import type { Ref } from 'react';
import { dialogText } from './texts.ts';

export interface BuyQuantityProps {
  product: Product;
  quantity: number;
  onChange: (quantity: number) => void;
  onValidityChange: (valid: boolean) => void;
  inputRef: Ref<HTMLInputElement>;
  /** How many can be added (stock left less the cart's); undefined while stock is unknown. */
  limit?: number | undefined;
  /** What a typed quantity above the limit is told. */
  limitProblem?: string;
}

/**
 * The dialog's quantity: a typed number with − and +, and packs where the product has them; only
 * what `limit` allows.
 */
export function BuyQuantity({
  product,
  quantity,
  onChange,
  onValidityChange,
  inputRef,
  limit,
  limitProblem,
}: BuyQuantityProps) {
  const packs = packSizes(product).filter((size) => limit === undefined || size <= limit);
  return (
    <div className="buy-quantity">
      <QuantityField
        value={quantity}
        onChange={onChange}
        onValidityChange={onValidityChange}
        decreaseLabel={dialogText.decrease}
        increaseLabel={dialogText.increase}
        inputRef={inputRef}
        {...(limit !== undefined && { max: Math.max(limit, 1), maxProblem: limitProblem })}
      />
      <PackChooser
        sizes={packs}
        quantity={quantity}
        onChoose={(size) => {
          onValidityChange(true);
          onChange(size);
        }}
      />
    </div>
  );
}
