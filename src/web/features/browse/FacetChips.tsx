import { useId } from 'react';
import type { Facet } from '../../../catalogue/index.ts';
import { ChoiceCount } from './ChoiceCount.tsx';

export interface FacetChipsProps {
  facet: Facet;
  selected: readonly string[];
  /** How many products each value would leave (faceted counts). */
  counts: Readonly<Record<string, number>>;
  onToggle: (value: string) => void;
}

/** The page's toggle chips (docs/product.md, Product lists), each with its count. */
export function FacetChips({ facet, selected, counts, onToggle }: FacetChipsProps) {
  const id = useId();
  return (
    <div role="group" aria-label={facet.groupLabel} className="list-controls__filters">
      <span className="list-controls__filters-label" aria-hidden="true">
        {facet.label}
      </span>
      {facet.values.map((value, i) => (
        <button
          key={value}
          type="button"
          className="chip"
          aria-pressed={selected.includes(value)}
          aria-describedby={`${id}-${i}`}
          onClick={() => onToggle(value)}
        >
          {value}
          <ChoiceCount id={`${id}-${i}`} count={counts[value] ?? 0} />
        </button>
      ))}
    </div>
  );
}
