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
}

/** The dialog's quantity: a typed number with − and +, and packs where the product has them. */
export function BuyQuantity({
  product,
  quantity,
  onChange,
  onValidityChange,
  inputRef,
}: BuyQuantityProps) {
  return (
    <div className="buy-quantity">
      <QuantityField
        value={quantity}
        onChange={onChange}
        onValidityChange={onValidityChange}
        decreaseLabel={dialogText.decrease}
        increaseLabel={dialogText.increase}
        inputRef={inputRef}
      />
      <PackChooser
        sizes={packSizes(product)}
        quantity={quantity}
        onChoose={(size) => {
          onValidityChange(true);
          onChange(size);
        }}
      />
    </div>
  );
}
