import { parseProductKey } from './keys.ts';
import type { Category, ProductKey } from './types.ts';

// Compare rules (docs/product.md, Specifications and compare): up to four products, all of one
// category, kept in the URL as `#/compare?items=switches:8,switches:9`.

export const COMPARE_MAX = 4;

export type CompareRefusal = 'full' | 'other-category';

export type CompareToggle =
  | { selection: readonly ProductKey[]; refused?: undefined }
  | { selection: readonly ProductKey[]; refused: CompareRefusal };

export const compareCategory = (selection: readonly ProductKey[]): Category | undefined => {
  const first = selection[0];
  return first === undefined ? undefined : parseProductKey(first)?.category;
};

/** Adds or removes a product; a fifth product or one of another category is refused, unchanged. */
export function toggleCompare(selection: readonly ProductKey[], key: ProductKey): CompareToggle {
  if (selection.includes(key)) return { selection: selection.filter((k) => k !== key) };
  const category = compareCategory(selection);
  if (category !== undefined && parseProductKey(key)?.category !== category)
    return { selection, refused: 'other-category' };
  if (selection.length >= COMPARE_MAX) return { selection, refused: 'full' };
  return { selection: [...selection, key] };
}

export type CompareParse =
  | { ok: true; keys: readonly ProductKey[] }
  | { ok: false; reason: 'empty' | 'malformed' | 'unknown' | 'mixed' | 'too-many' };

/**
 * The `items` parameter read back: comma-separated keys of known products, no repeats (a repeat
 * is dropped), at most four, one category. `exists` says whether a key names a product.
 */
export function parseCompareItems(
  text: string | null,
  exists: (key: ProductKey) => boolean,
): CompareParse {
  const parts = (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length === 0) return { ok: false, reason: 'empty' };
  const keys: ProductKey[] = [];
  for (const part of parts) {
    const parsed = parseProductKey(part);
    if (!parsed) return { ok: false, reason: 'malformed' };
    const key: ProductKey = `${parsed.category}:${parsed.id}`;
    if (!exists(key)) return { ok: false, reason: 'unknown' };
    if (!keys.includes(key)) keys.push(key);
  }
  if (new Set(keys.map((k) => parseProductKey(k)?.category)).size > 1)
    return { ok: false, reason: 'mixed' };
  if (keys.length > COMPARE_MAX) return { ok: false, reason: 'too-many' };
  return { ok: true, keys };
}

/** The compare page's route for a selection. */
export const compareHref = (selection: readonly ProductKey[]) =>
  `/compare?items=${selection.join(',')}`;
