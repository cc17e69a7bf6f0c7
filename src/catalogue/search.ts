import {
  SPEC_FIELDS,
  specsOf,
  type ProductSpecs,
  type SpecField,
  type SpecNames,
} from './specs/index.ts';
import type { Category, Product } from './types.ts';

// The list pages' search (docs/product.md, Product lists): a product's name, as the first version
// had it, and the words of its specification sheet, so that "tactile" finds the tactile switches
// and "wireless 65%" the wireless 65% boards. Pure; like the spec sheets it reads, this module is
// not in the catalogue's index: only lazy pages import it.

/** Where the search reads a product's spec sheet; tests pass small fixtures. */
export type SearchSpecLookup = (product: Product) => ProductSpecs | undefined;

/** Where a board's sheet finds the switch fitted (its name and type): the catalogue. */
export interface SearchNames extends SpecNames {
  byKey(key: string): Product | undefined;
}

/**
 * The spec fields whose values are words a shopper types: kinds, sizes, links, materials, sounds.
 * Measurements (forces, travel, weights, dimensions) and the accessories' prose (contents) are left
 * out, so a number or a common word does not match half a list.
 */
const SEARCHED_FIELDS: { readonly [C in Category]: readonly string[] } = {
  keyboards: [
    'size',
    'hotSwap',
    'switchesFitted',
    'keycapMaterial',
    'keycapProfile',
    'caseMaterial',
    'mount',
    'connectivity',
  ],
  switches: ['type', 'pins', 'stemMaterial', 'housingMaterial', 'factoryLubed', 'sound'],
  accessories: ['material', 'connector', 'resolution', 'fits'],
};

/** "1,000" is written 1000 when typed. */
const withoutThousandsSeparators = (text: string) => text.replace(/(\d),(?=\d{3}\b)/g, '$1');

/** The values of a product's searched fields, and its own connectivity or type, lower case. */
function specTerms(product: Product, names: SearchNames, lookup: SearchSpecLookup): string[] {
  const terms: string[] = [];
  // The product's own facet value: "Wireless" is the keyboard's, not its sheet's (which lists radios).
  if (product.category === 'keyboards') terms.push(product.connectivity);
  else if (product.type !== undefined) terms.push(product.type);
  const sheet = lookup(product);
  if (sheet?.category === product.category) {
    const fields = SPEC_FIELDS[sheet.category] as readonly SpecField[];
    for (const field of fields) {
      if (!SEARCHED_FIELDS[sheet.category].includes(field.id)) continue;
      const value = field.format(sheet, names);
      // A yes/no field is a word when it holds: "Factory lubed".
      if (value === 'Yes') terms.push(field.label);
      else if (typeof value === 'string' && value !== 'No') terms.push(value);
    }
    // A board is as tactile, linear or clicky as the switch fitted.
    if (sheet.category === 'keyboards') {
      const fitted = names.byKey(sheet.switchesFitted);
      if (fitted?.category === 'switches') terms.push(fitted.type);
    }
  }
  return terms.map((term) => withoutThousandsSeparators(term.toLowerCase()));
}

const isWordCharacter = (char: string | undefined) =>
  char !== undefined && /[\p{L}\p{N}]/u.test(char);

/**
 * Whether `word` is a word of the terms ("65" of "65%", "swap" of "hot-swap") or the start of one
 * with at least 3 characters ("tac" of "tactile"), so a search finds while it is being typed but
 * two letters ("st") do not match every steel or stainless part.
 */
function startsAWord(terms: readonly string[], word: string): boolean {
  if (!isWordCharacter(word[0])) return false;
  return terms.some((term) => {
    for (let at = term.indexOf(word); at !== -1; at = term.indexOf(word, at + 1)) {
      const atStart = !isWordCharacter(term[at - 1]);
      if (atStart && (word.length >= 3 || !isWordCharacter(term[at + word.length]))) return true;
    }
    return false;
  });
}

// Per product object: a new read of the catalogue makes new objects, so nothing goes stale.
const cachedTerms = new WeakMap<Product, string[]>();

function termsOf(product: Product, names: SearchNames, lookup: SearchSpecLookup): string[] {
  if (lookup !== specsOf) return specTerms(product, names, lookup);
  let terms = cachedTerms.get(product);
  if (!terms) {
    terms = specTerms(product, names, lookup);
    cachedTerms.set(product, terms);
  }
  return terms;
}

/**
 * Products the query finds, ignoring case; the query is plain text, never a pattern. A product is
 * found when its name contains the query (the first version's search), or when the query's words
 * describe it: at least one word starts a word of its specifications (or of its own connectivity
 * or type), and every other word does too or is part of its name ("gaming tactile").
 */
export function searchCatalogue<P extends Product>(
  list: readonly P[],
  query: string,
  names: SearchNames,
  lookup: SearchSpecLookup = specsOf,
): P[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [...list];
  const words = needle.split(/\s+/);
  return list.filter((product) => {
    const name = product.name.toLowerCase();
    if (name.includes(needle)) return true;
    const terms = termsOf(product, names, lookup);
    const inSpecs = words.map((word) => startsAWord(terms, word));
    return inSpecs.some(Boolean) && words.every((word, i) => inSpecs[i] || name.includes(word));
  });
}
