import { facetFor } from './browse.ts';
import { searchCatalogue, type SearchNames } from './search.ts';
import {
  KEYBOARD_SIZES,
  specsOf,
  type KeyboardSpecs,
  type ProductSpecs,
  type SwitchSpecs,
} from './specs/index.ts';
import type { Category, Product } from './types.ts';

// The list pages' filters (docs/product.md, Filters): the existing chip facet plus the spec filters,
// and a price range. Pure functions over the catalogue; the web keeps the choices in the URL. Like
// the spec sheets it reads, this module is not in the catalogue's index: only lazy pages import it.

/** A group of choices, any of which a product may match (choices in one group are OR-ed). */
export interface FilterGroup {
  /** The URL query parameter. */
  param: string;
  /** The URL values, in display order. */
  values: readonly string[];
  /** Whether a product has this value. */
  matches: (product: Product, value: string) => boolean;
}

/** The chosen values per group parameter, and the price range in cents (null = open). */
export interface FilterState {
  selected: Readonly<Record<string, readonly string[]>>;
  minCents: number | null;
  maxCents: number | null;
}

export const HOT_SWAP_VALUES = ['hot-swap', 'soldered'] as const;
/** Actuation force buckets in gram-force, inclusive on both ends. */
export const FORCE_BUCKETS = {
  lt45: [0, 44],
  '45-55': [45, 55],
  '56-65': [56, 65],
  gt65: [66, Infinity],
} as const satisfies Record<string, readonly [number, number]>;
/** Where the filters read a product's spec sheet; tests pass small fixtures. */
export type SpecLookup = (product: Product) => ProductSpecs | undefined;

// A product without a sheet of its own category matches no spec choice.
function keyboardSheet(lookup: SpecLookup, product: Product): KeyboardSpecs | undefined {
  const sheet = lookup(product);
  return sheet?.category === 'keyboards' ? sheet : undefined;
}
function switchSheet(lookup: SpecLookup, product: Product): SwitchSpecs | undefined {
  const sheet = lookup(product);
  return sheet?.category === 'switches' ? sheet : undefined;
}

/**
 * The chip facet's matching. "Wired" and "Wireless" keep their meaning (the product's own
 * connectivity); "2.4 GHz" and "Bluetooth" read the spec sheet's links.
 */
function facetGroup(category: Category, lookup: SpecLookup): FilterGroup {
  const facet = facetFor(category);
  return {
    param: facet.param,
    values: facet.values,
    matches: (product, value) => {
      if (category === 'keyboards' && (value === '2.4 GHz' || value === 'Bluetooth')) {
        const links: readonly string[] = keyboardSheet(lookup, product)?.connectivity ?? [];
        return links.includes(value);
      }
      return (product as unknown as Record<string, unknown>)[facet.param] === value;
    },
  };
}

function specGroups(category: Category, lookup: SpecLookup): FilterGroup[] {
  if (category === 'keyboards') {
    return [
      {
        param: 'size',
        values: KEYBOARD_SIZES,
        matches: (product, value) => keyboardSheet(lookup, product)?.size === value,
      },
      {
        param: 'hotswap',
        values: HOT_SWAP_VALUES,
        matches: (product, value) => {
          const sheet = keyboardSheet(lookup, product);
          if (!sheet) return false;
          return value === 'hot-swap' ? sheet.hotSwap !== null : sheet.hotSwap === null;
        },
      },
    ];
  }
  if (category === 'switches') {
    return [
      {
        param: 'force',
        values: Object.keys(FORCE_BUCKETS),
        matches: (product, value) => {
          const force = switchSheet(lookup, product)?.actuationForceGf;
          const bucket = FORCE_BUCKETS[value as keyof typeof FORCE_BUCKETS];
          return (
            force !== undefined && bucket !== undefined && force >= bucket[0] && force <= bucket[1]
          );
        },
      },
    ];
  }
  return [];
}

const groupsByList = new WeakMap<readonly Product[], readonly FilterGroup[]>();

/**
 * Only the values some product has: a choice that matches nothing is never offered. The sheets'
 * vocabulary (KEYBOARD_SIZES...) names sizes no board of ours has (60%, 75%); they appear as soon
 * as one does. A spec group left with no value is dropped; the chip facet (first) always stays.
 */
function offered(groups: readonly FilterGroup[], products: readonly Product[]): FilterGroup[] {
  return groups
    .map((group) => ({
      ...group,
      values: group.values.filter((value) => products.some((p) => group.matches(p, value))),
    }))
    .filter((group, index) => index === 0 || group.values.length > 0);
}

/**
 * A category's filter groups: first the chip facet of `facetFor`, then the spec groups (size and
 * hot-swap for keyboards, actuation force for switches), each offering only the values that some
 * of `products` (the category's list) has. Built once per list of the shop's own spec sheets.
 */
export function filterGroupsFor(
  category: Category,
  products: readonly Product[],
  lookup: SpecLookup = specsOf,
): readonly FilterGroup[] {
  const build = () =>
    offered([facetGroup(category, lookup), ...specGroups(category, lookup)], products);
  if (lookup !== specsOf) return build();
  let groups = groupsByList.get(products);
  if (!groups) {
    groups = build();
    groupsByList.set(products, groups);
  }
  return groups;
}

function inPrice(product: Product, state: FilterState): boolean {
  return (
    (state.minCents === null || product.priceCents >= state.minCents) &&
    (state.maxCents === null || product.priceCents <= state.maxCents)
  );
}

function inGroup(product: Product, group: FilterGroup, chosen: readonly string[] | undefined) {
  return !chosen || chosen.length === 0 || chosen.some((value) => group.matches(product, value));
}

/** Products within the price range and matching every group (skipping `except`, for counts). */
export function applyFilters<P extends Product>(
  list: readonly P[],
  groups: readonly FilterGroup[],
  state: FilterState,
  except?: string,
): P[] {
  return list.filter(
    (product) =>
      inPrice(product, state) &&
      groups.every((g) => g.param === except || inGroup(product, g, state.selected[g.param])),
  );
}

/** Counts per group and value: how many products would match with that value chosen in its
 *  group, given the other groups' choices and the price range (faceted counts). */
export type FacetCounts = Record<string, Record<string, number>>;

export function facetCounts(
  list: readonly Product[],
  groups: readonly FilterGroup[],
  state: FilterState,
): FacetCounts {
  const counts: FacetCounts = {};
  for (const group of groups) {
    const others = applyFilters(list, groups, state, group.param);
    counts[group.param] = Object.fromEntries(
      group.values.map((value) => [value, others.filter((p) => group.matches(p, value)).length]),
    );
  }
  return counts;
}

/** A list page's products and counts for a search text (names and spec words) and filter state. */
export function browseResults<P extends Product>(
  list: readonly P[],
  groups: readonly FilterGroup[],
  q: string,
  state: FilterState,
  names: SearchNames,
  lookup: SpecLookup = specsOf,
): { products: P[]; counts: FacetCounts } {
  const found = searchCatalogue(list, q, names, lookup);
  return {
    products: applyFilters(found, groups, state),
    counts: facetCounts(found, groups, state),
  };
}

export type PriceInput = { ok: true; cents: number | null } | { ok: false };

/** Reads a price typed in dollars ("", "50", "49.99"): whole or 2-decimal, at most $100,000. */
export function parsePriceInput(text: string): PriceInput {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, cents: null };
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(trimmed)) return { ok: false };
  const cents = Math.round(Number(trimmed) * 100);
  return cents > 100_000_00 ? { ok: false } : { ok: true, cents };
}
