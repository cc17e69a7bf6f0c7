import { useId, useState } from 'react';
import type { FacetCounts, FilterGroup } from '../../../catalogue/filters.ts';
import { ChoiceCount } from './ChoiceCount.tsx';
import { PriceRange } from './PriceRange.tsx';
import { filterText } from './texts.ts';
import type { ListQuery, PriceEnd } from './use-list-query.ts';

export interface FilterPanelProps {
  /** The spec groups (the chip facet is shown by the page itself). */
  groups: readonly FilterGroup[];
  query: ListQuery;
  counts: FacetCounts;
  onToggle: (param: string, value: string) => void;
  onPrice: (end: PriceEnd, cents: number | null) => void;
  onClear: () => void;
}

// Open from the start on wide screens or when a filter is already chosen; a disclosure on narrow
// ones so the cards come first.
function startsOpen(filtered: boolean): boolean {
  return filtered || !window.matchMedia?.('(max-width: 39.99rem)').matches;
}

function Choice(props: {
  group: FilterGroup;
  value: string;
  checked: boolean;
  count: number;
  onToggle: () => void;
}) {
  const countId = useId();
  const label = filterText.values[props.value] ?? props.value;
  return (
    <label className="filter-choice">
      <input
        type="checkbox"
        name={props.group.param}
        value={props.value}
        checked={props.checked}
        aria-describedby={countId}
        onChange={props.onToggle}
      />
      {label}
      <ChoiceCount id={countId} count={props.count} />
    </label>
  );
}

/** The spec filters and the price range as native fieldsets, with one "Clear filters" button. */
export function FilterPanel({
  groups,
  query,
  counts,
  onToggle,
  onPrice,
  onClear,
}: FilterPanelProps) {
  const [open, setOpen] = useState(() => startsOpen(query.filtered));
  // Remount the price boxes on "Clear filters" so an invalid draft goes too.
  const [clears, setClears] = useState(0);
  return (
    <details
      className="filter-panel"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="filter-panel__summary">{filterText.disclosure}</summary>
      {/* Rendered only while open: on a phone the cards come first and cost less to show. */}
      {open && (
        <div className="filter-panel__body">
          {groups.map((group) => (
            <fieldset key={group.param} className="filter-group">
              <legend>{filterText.legends[group.param] ?? group.param}</legend>
              <div className="filter-group__choices">
                {group.values.map((value) => (
                  <Choice
                    key={value}
                    group={group}
                    value={value}
                    checked={query.filters.selected[group.param]?.includes(value) ?? false}
                    count={counts[group.param]?.[value] ?? 0}
                    onToggle={() => onToggle(group.param, value)}
                  />
                ))}
              </div>
            </fieldset>
          ))}
          <PriceRange
            key={clears}
            minCents={query.filters.minCents}
            maxCents={query.filters.maxCents}
            onChange={onPrice}
          />
          <button
            type="button"
            className="button button--small filter-panel__clear"
            onClick={() => {
              setClears((n) => n + 1);
              onClear();
            }}
          >
            {filterText.clear}
          </button>
        </div>
      )}
    </details>
  );
}
