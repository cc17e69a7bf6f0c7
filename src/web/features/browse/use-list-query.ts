import { useMemo } from 'react';
import { SORT_ORDERS, type Facet, type SortOrder } from '../../../catalogue/index.ts';
import { useHashQuery } from '../../lib/hash-location.ts';

export interface ListQuery {
  q: string;
  sort: SortOrder;
  /** The chosen facet values, in the facet's own order; unknown values in the URL are ignored. */
  selected: string[];
}

function isSortOrder(value: string | null): value is SortOrder {
  return SORT_ORDERS.some((order) => order === value);
}

/**
 * A list page's search, sort and filters, kept in the hash query (`?q=pro&sort=price-asc&type=Linear`)
 * so that Back and shared links restore them. Typing replaces the history entry; sort and filter
 * changes add one.
 */
export function useListQuery(facet: Facet) {
  const [params, setParams] = useHashQuery();

  const query = useMemo<ListQuery>(() => {
    const sort = params.get('sort');
    const chosen = params.getAll(facet.param);
    return {
      q: params.get('q') ?? '',
      sort: isSortOrder(sort) ? sort : 'name',
      selected: facet.values.filter((value) => chosen.includes(value)),
    };
  }, [params, facet]);

  return useMemo(() => {
    const setSelected = (next: URLSearchParams, values: readonly string[]) => {
      next.delete(facet.param);
      for (const value of facet.values) if (values.includes(value)) next.append(facet.param, value);
      return next;
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
      toggle(value: string) {
        const values = query.selected.includes(value)
          ? query.selected.filter((v) => v !== value)
          : [...query.selected, value];
        setParams((next) => setSelected(next, values));
      },
      clearSearchAndFilters() {
        setParams((next) => {
          next.delete('q');
          return setSelected(next, []);
        });
      },
    };
  }, [query, setParams, facet]);
}
