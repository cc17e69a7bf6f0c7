import { MAX_LINE_QUANTITY } from './cart.ts';
import type { Product } from './types.ts';

/** Why a typed quantity cannot be used; the web says each in its own words. */
export type QuantityProblem = 'empty' | 'notWhole' | 'tooSmall' | 'tooLarge';

export type QuantityInput =
  { ok: true; quantity: number } | { ok: false; problem: QuantityProblem };

/**
 * Reads a quantity typed by the shopper: a whole number from 1 to MAX_LINE_QUANTITY, spaces
 * around it allowed. Anything else (empty, 0, 1000, 2.5, letters) names its problem.
 */
export function parseQuantityInput(text: string): QuantityInput {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, problem: 'empty' };
  if (!/^[+-]?\d+$/.test(trimmed)) return { ok: false, problem: 'notWhole' };
  const quantity = Number(trimmed);
  if (quantity < 1) return { ok: false, problem: 'tooSmall' };
  if (quantity > MAX_LINE_QUANTITY) return { ok: false, problem: 'tooLarge' };
  return { ok: true, quantity };
}

/**
 * Switch packs (docs/product.md, Quantities and packs): switches are sold one by one, and a pack
 * only sets the quantity to a board-sized count: 10 spares, 35 for a macro pad or numpad, 70 for a
 * 65 % board, 90 for a tenkeyless board, 110 for a full-size board. Other products have none.
 */
export const SWITCH_PACK_SIZES: readonly number[] = [10, 35, 70, 90, 110];

/** The pack sizes offered for a product, smallest first; empty when it is not sold in packs. */
export function packSizes(product: Pick<Product, 'category'>): readonly number[] {
  return product.category === 'switches' ? SWITCH_PACK_SIZES : [];
}
