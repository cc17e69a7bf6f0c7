import { quantityText as T } from './texts.ts';
import './quantity.css';

export interface PackChooserProps {
  sizes: readonly number[];
  /** The quantity chosen now: its pack, if any, shows as pressed. */
  quantity: number;
  onChoose: (size: number) => void;
}

/** Buttons that set the quantity to a pack size (docs/product.md, Quantities and packs). */
export function PackChooser({ sizes, quantity, onChoose }: PackChooserProps) {
  if (sizes.length === 0) return null;
  return (
    <div role="group" aria-label={T.packsLabel} className="pack-chooser">
      <span className="pack-chooser__label" aria-hidden="true">
        {T.packsLabel}
      </span>
      {sizes.map((size) => (
        <button
          key={size}
          type="button"
          className="chip"
          aria-pressed={quantity === size}
          aria-label={T.packName(size)}
          onClick={() => onChoose(size)}
        >
          {T.pack(size)}
        </button>
      ))}
    </div>
  );
}
