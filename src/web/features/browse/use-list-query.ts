import { useMemo } from 'react';
import { parsePriceInput, type FilterGroup, type FilterState } from '../../../catalogue/filters.ts';
import { SORT_ORDERS, type SortOrder } from '../../../catalogue/index.ts';
import { useHashQuery } from '../../lib/hash-location.ts';

/** The price range's URL parameters, in dollars (`?price-min=50&price-max=120`). */
export const PRICE_PARAMS = { min: 'price-min', max: 'price-max' } as const;
export type PriceEnd = keyof typeof PRICE_PARAMS;

export interface ListQuery {
  q: string;
  sort: SortOrder;
  /** The chip facet's chosen values (the first group), in the facet's own order. */
  selected: string[];
  /** Every group's choices and the price range; unknown values in the URL are ignored. */
  filters: FilterState;
  /** Whether any filter (not the search) is active. */
  filtered: boolean;
}

function isSortOrder(value: string | null): value is SortOrder {
  return SORT_ORDERS.some((order) => order === value);
}

function priceParam(params: URLSearchParams, end: PriceEnd): number | null {
  const read = parsePriceInput(params.get(PRICE_PARAMS[end]) ?? '');
  return read.ok ? read.cents : null;
}

/** Dollars as typed in the URL and the inputs: "50", "49.99", "0.5". */
export function centsToDollarText(cents: number | null): string {
  return cents === null ? '' : String(cents / 100);
}

/**
 * A list page's search, sort and filters, kept in the hash query
 * (`?q=pro&sort=price-asc&type=Linear&force=45-55&price-max=5`) so that Back and shared links
 * restore them. Typing (search, prices) replaces the history entry; sort and choices add one.
 */
export function useListQuery(groups: readonly FilterGroup[]) {
  const [params, setParams] = useHashQuery();

  const query = useMemo<ListQuery>(() => {
    const sort = params.get('sort');
    const selected: Record<string, string[]> = {};
    for (const group of groups) {
      const chosen = params.getAll(group.param);
      selected[group.param] = group.values.filter((value) => chosen.includes(value));
    }
    const filters = {
      selected,
      minCents: priceParam(params, 'min'),
      maxCents: priceParam(params, 'max'),
    };
    return {
      q: params.get('q') ?? '',
      sort: isSortOrder(sort) ? sort : 'name',
      selected: selected[groups[0]!.param] ?? [],
      filters,
      filtered:
        filters.minCents !== null ||
        filters.maxCents !== null ||
        Object.values(selected).some((values) => values.length > 0),
    };
  }, [params, groups]);

  return useMemo(() => {
    const writeChoices = (next: URLSearchParams, group: FilterGroup, values: readonly string[]) => {
      next.delete(group.param);
      for (const value of group.values) if (values.includes(value)) next.append(group.param, value);
      return next;
    };
    const clearFilters = (next: URLSearchParams) => {
      for (const group of groups) next.delete(group.param);
      next.delete(PRICE_PARAMS.min);
      next.delete(PRICE_PARAMS.max);
      return next;
    };
    const toggleIn = (group: FilterGroup, value: string) => {
      const current = query.filters.selected[group.param] ?? [];
      const values = current.includes(value)
        ? current.filter((v) => v !== value)
        : [...current, value];
      setParams((next) => writeChoices(next, group, values));
    };
    return {
      query,
      setSearch(q: string) {
        setParams(
          (next) => {
            if (q === '') next.delete('q');
            else next.set('q', q);
            return next;
          },
          { replace: true },
        );
      },
      setSort(sort: SortOrder) {
        setParams((next) => {
          // The default order stays out of the URL.
          if (sort === 'name') next.delete('sort');
          else next.set('sort', sort);
          return next;
        });
      },
      /** Toggles a value of the chip facet. */
      toggle(value: string) {
        toggleIn(groups[0]!, value);
      },
      /** Toggles a value of any group. */
      toggleChoice(param: string, value: string) {
        const group = groups.find((g) => g.param === param);
        if (group) toggleIn(group, value);
      },
      /** Sets one end of the price range (null opens it), replacing the entry while typing. */
      setPrice(end: PriceEnd, cents: number | null) {
        setParams(
          (next) => {
            if (cents === null) next.delete(PRICE_PARAMS[end]);
            else next.set(PRICE_PARAMS[end], centsToDollarText(cents));
            return next;
          },
          { replace: true },
        );
      },
      /** Clears every filter and the price range; keeps the search and the sort. */
      clearFilters() {
        setParams(clearFilters);
      },
      clearSearchAndFilters() {
        setParams((next) => {
          next.delete('q');
          return clearFilters(next);
        });
      },
    };
  }, [query, setParams, groups]);
}
