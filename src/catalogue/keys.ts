import type { Category, ProductKey } from './types.ts';

const CATEGORIES: readonly Category[] = ['keyboards', 'switches', 'accessories'];

/** The catalogue-wide key of a product: ids overlap between categories, keys do not. */
export function productKey(category: Category, id: number): ProductKey {
  return `${category}:${id}`;
}

/** Splits a key into category and id, or undefined when the text is not a well-formed key. */
export function parseProductKey(text: string): { category: Category; id: number } | undefined {
  const match = /^(keyboards|switches|accessories):(\d{1,9})$/.exec(text);
  if (!match) return undefined;
  const category = CATEGORIES.find((c) => c === match[1]);
  return category ? { category, id: Number(match[2]) } : undefined;
}
