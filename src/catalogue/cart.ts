import { findProductByKey } from './lookup.ts';
import type { ProductKey } from './types.ts';

/** One line of the cart: a product in one colour. A line is identified by key and colour. */
export interface CartLine {
  key: ProductKey;
  color: string;
  quantity: number;
}

/** The most of one line (docs/product.md, Cart): no real limit, only a stop for absurd values. */
export const MAX_LINE_QUANTITY = 99;
/** Where the cart is kept between visits. */
export const CART_STORAGE_KEY = 'keebshop.cart.v1';
/** The shape version written under CART_STORAGE_KEY; anything else is dropped when read. */
export const CART_STORAGE_VERSION = 1;

const sameLine = (line: CartLine, key: string, color: string) =>
  line.key === key && line.color === color;

/** Adds one of the product in this colour: an existing line grows by 1, otherwise a new line of 1. */
export function addToCart(lines: readonly CartLine[], key: ProductKey, color: string): CartLine[] {
  if (!lines.some((l) => sameLine(l, key, color))) return [...lines, { key, color, quantity: 1 }];
  return lines.map((l) =>
    sameLine(l, key, color) ? { ...l, quantity: Math.min(l.quantity + 1, MAX_LINE_QUANTITY) } : l,
  );
}

/** Removes the line for this product and colour. */
export function removeFromCart(
  lines: readonly CartLine[],
  key: ProductKey,
  color: string,
): CartLine[] {
  return lines.filter((l) => !sameLine(l, key, color));
}

/** Sets a line's quantity, kept between 1 and MAX_LINE_QUANTITY; a non-number changes nothing. */
export function setQuantity(
  lines: readonly CartLine[],
  key: ProductKey,
  color: string,
  quantity: number,
): CartLine[] {
  if (Number.isNaN(quantity)) return [...lines];
  const q = Math.min(Math.max(Math.floor(quantity), 1), MAX_LINE_QUANTITY);
  return lines.map((l) => (sameLine(l, key, color) ? { ...l, quantity: q } : l));
}

/** The number of items in the cart (the nav badge): the sum of the quantities. */
export function cartCount(lines: readonly CartLine[]): number {
  return lines.reduce((n, l) => n + l.quantity, 0);
}

/** The cart's subtotal in cents, from catalogue prices; lines of unknown products count nothing. */
export function cartSubtotalCents(lines: readonly CartLine[]): number {
  return lines.reduce((sum, l) => sum + (findProductByKey(l.key)?.priceCents ?? 0) * l.quantity, 0);
}

/** The JSON text stored under CART_STORAGE_KEY. */
export function serializeCart(lines: readonly CartLine[]): string {
  return JSON.stringify({ version: CART_STORAGE_VERSION, lines });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads a stored cart (the JSON text or its parsed value). Never throws: an outdated or malformed
 * entry gives [], and lines of unknown products or colours or with a bad quantity are dropped.
 */
export function parseStoredCart(value: unknown): CartLine[] {
  let data = value;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch {
      return [];
    }
  }
  if (!isRecord(data) || data.version !== CART_STORAGE_VERSION || !Array.isArray(data.lines)) {
    return [];
  }
  let lines: CartLine[] = [];
  for (const raw of data.lines as unknown[]) {
    if (!isRecord(raw)) continue;
    const { key, color, quantity } = raw;
    if (typeof key !== 'string' || typeof color !== 'string') continue;
    const product = findProductByKey(key);
    if (!product || !product.availableColors.includes(color)) continue;
    if (!Number.isInteger(quantity) || (quantity as number) < 1) continue;
    if ((quantity as number) > MAX_LINE_QUANTITY) continue;
    const existing = lines.find((l) => sameLine(l, key, color));
    lines = existing
      ? setQuantity(lines, product.key, color, existing.quantity + (quantity as number))
      : [...lines, { key: product.key, color, quantity: quantity as number }];
  }
  return lines;
}
