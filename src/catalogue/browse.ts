import { compareNames } from './en-us.ts';
import type { Category, Product } from './types.ts';

/** The list pages' sort orders; 'name' is the default and is left out of the URL. */
export type SortOrder = 'name' | 'price-asc' | 'price-desc';
export const SORT_ORDERS: readonly SortOrder[] = ['name', 'price-asc', 'price-desc'];

/** The product field a list page filters on. */
export type FacetParam = 'connectivity' | 'type';

export interface Facet {
  /** The URL query parameter and the product field. */
  param: FacetParam;
  /** A heading for the facet, e.g. "Connectivity". */
  label: string;
  /** The accessible name of the chip group, e.g. "Filter by connectivity". */
  groupLabel: string;
  values: string[];
}

/**
 * Products whose name contains the query, ignoring case; the query is plain text, never a pattern.
 * The first version's search: the list pages use `searchCatalogue` (search.ts), which also reads
 * the words of the spec sheets.
 */
export function searchProducts<P extends Product>(list: readonly P[], query: string): P[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [...list];
  return list.filter((p) => p.name.toLowerCase().includes(needle));
}

const byName = (a: Product, b: Product) => compareNames(a.name, b.name);

/** A sorted copy: by name, or by price with ties broken by name. */
export function sortProducts<P extends Product>(list: readonly P[], order: SortOrder): P[] {
  const sorted = [...list];
  if (order === 'price-asc')
    return sorted.sort((a, b) => a.priceCents - b.priceCents || byName(a, b));
  if (order === 'price-desc')
    return sorted.sort((a, b) => b.priceCents - a.priceCents || byName(a, b));
  return sorted.sort(byName);
}

/** The filter a category's list page offers: connectivity for keyboards, type otherwise. */
export function facetFor(category: Category): Facet {
  if (category === 'keyboards') {
    return {
      param: 'connectivity',
      label: 'Connectivity',
      groupLabel: 'Filter by connectivity',
      values: ['Wired', 'Wireless', '2.4 GHz', 'Bluetooth'],
    };
  }
  const values =
    category === 'switches'
      ? ['Tactile', 'Linear', 'Clicky']
      : ['Storage', 'Comfort', 'Cleaning', 'Testing', 'Connectivity'];
  return { param: 'type', label: 'Type', groupLabel: 'Filter by type', values };
}

/** Products whose facet field is one of the selected values; no selection keeps them all. */
export function filterProducts<P extends Product>(
  list: readonly P[],
  facetParam: FacetParam,
  selectedValues: readonly string[],
): P[] {
  if (selectedValues.length === 0) return [...list];
  return list.filter((p) => {
    const value = (p as Partial<Record<FacetParam, string>>)[facetParam];
    return value !== undefined && selectedValues.includes(value);
  });
}
