import { COMPARE_MAX, compareCategory } from '../../../catalogue/compare.ts';
import type { Product } from '../../../catalogue/index.ts';
import { useToast } from '../../components/toast/index.ts';
import { compareStore, useCompareSelection } from '../../state/compare-store.ts';
import { compareText } from './texts.ts';

/** Adds a product to the comparison or takes it out; says why when it cannot be added. */
export function CompareToggle({ product, className }: { product: Product; className?: string }) {
  const selection = useCompareSelection();
  const toast = useToast();
  const chosen = selection.includes(product.key);

  const toggle = () => {
    const before = compareCategory(selection);
    const result = compareStore.toggle(product.key);
    // Adding and removing show in the pressed state and the tray; only a refusal needs words.
    if (result.refused === 'full') toast.show(compareText.full(COMPARE_MAX), { tone: 'error' });
    else if (result.refused === 'other-category' && before)
      toast.show(compareText.otherCategory(product.name, before), { tone: 'error' });
  };

  return (
    <button
      type="button"
      className={`button button--small compare-toggle ${className ?? ''}`}
      aria-pressed={chosen}
      aria-label={compareText.toggleLabel(product.name)}
      onClick={toggle}
    >
      <span aria-hidden="true" className="compare-toggle__mark">
        {chosen ? '✓' : '+'}
      </span>{' '}
      {compareText.toggle}
    </button>
  );
}
