import { parseProductKey } from './keys.ts';
import type { Catalogue } from './lookup.ts';
import type { ProductKey } from './types.ts';

/** What the shopper saw of a product when adding it: its name and unit price then. */
export interface SeenProduct {
  name: string;
  priceCents: number;
}

/** One line of the cart: a product in one colour. A line is identified by key and colour. */
export interface CartLine {
  key: ProductKey;
  color: string;
  quantity: number;
  /**
   * The product as the shopper saw it when adding it (absent in carts stored before): the cart
   * names a product the shop no longer sells, and says when its price changed since.
   */
  seen?: SeenProduct;
}

/**
 * The most of one line (docs/product.md, Cart): enough for a full-size board's switches with
 * spares, a stop for absurd values. The shop's field, the stored cart and the server's checkout all
 * use this one constant.
 */
export const MAX_LINE_QUANTITY = 999;
/** Where the cart is kept between visits. */
export const CART_STORAGE_KEY = 'keebshop.cart.v1';
/** The shape version written under CART_STORAGE_KEY; anything else is dropped when read. */
export const CART_STORAGE_VERSION = 1;

const sameLine = (line: CartLine, key: string, color: string) =>
  line.key === key && line.color === color;

/**
 * Adds `quantity` (1 by default) of the product in this colour: an existing line grows by that
 * much, up to MAX_LINE_QUANTITY, otherwise a new line of that quantity. `seen` is the product as
 * the shopper saw it now; it replaces what the line remembered.
 */
export function addToCart(
  lines: readonly CartLine[],
  key: ProductKey,
  color: string,
  quantity = 1,
  seen?: SeenProduct,
): CartLine[] {
  const add = Math.min(Math.max(Math.floor(quantity), 1), MAX_LINE_QUANTITY);
  if (Number.isNaN(add)) return [...lines];
  const remembered = seen ? { seen } : {};
  if (!lines.some((l) => sameLine(l, key, color))) {
    return [...lines, { key, color, quantity: add, ...remembered }];
  }
  return lines.map((l) =>
    sameLine(l, key, color)
      ? { ...l, quantity: Math.min(l.quantity + add, MAX_LINE_QUANTITY), ...remembered }
      : l,
  );
}

/**
 * The unit price the shopper saw when adding the line, when the catalogue's differs now (else
 * undefined): the cart says so before checkout, which charges the current price.
 */
export function changedPrice(line: CartLine, catalogue: Catalogue): number | undefined {
  const now = catalogue.byKey(line.key)?.priceCents;
  const then = line.seen?.priceCents;
  return now !== undefined && then !== undefined && then !== now ? then : undefined;
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

/**
 * A line's total in cents: the catalogue's unit price times the quantity; 0 for a product the shop
 * no longer sells (archived or unknown) or a colour it no longer has.
 */
export function lineTotalCents(line: CartLine, catalogue: Catalogue): number {
  return buyable(line, catalogue) ? catalogue.byKey(line.key)!.priceCents * line.quantity : 0;
}

/** The cart's subtotal in cents, from catalogue prices; lines the shop cannot sell count nothing. */
export function cartSubtotalCents(lines: readonly CartLine[], catalogue: Catalogue): number {
  return lines.reduce((sum, l) => sum + lineTotalCents(l, catalogue), 0);
}

/** Whether the shop sells this line now: its product is published and has the line's colour. */
export function buyable(line: CartLine, catalogue: Catalogue): boolean {
  const product = catalogue.byKey(line.key);
  return product?.status === 'published' && product.availableColors.includes(line.color);
}

/** The JSON text stored under CART_STORAGE_KEY. */
export function serializeCart(lines: readonly CartLine[]): string {
  return JSON.stringify({ version: CART_STORAGE_VERSION, lines });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A stored cart as read: the valid lines, and how many stored lines were dropped as invalid. */
export interface StoredCart {
  lines: CartLine[];
  dropped: number;
}

/**
 * Reads a stored cart (the JSON text or its parsed value). Never throws: an outdated or malformed
 * entry gives no lines, and malformed lines (no product key, no colour, a bad quantity) are
 * dropped and counted, so the shop can say so (docs/product.md, Cart). Whether the shop still sells
 * a line's product and colour is the catalogue's to say (`buyable`): such lines stay, flagged.
 */
export function readStoredCart(value: unknown): StoredCart {
  let data = value;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch {
      return { lines: [], dropped: 0 };
    }
  }
  if (!isRecord(data) || data.version !== CART_STORAGE_VERSION || !Array.isArray(data.lines)) {
    return { lines: [], dropped: 0 };
  }
  let lines: CartLine[] = [];
  let dropped = 0;
  for (const raw of data.lines as unknown[]) {
    const line = validStoredLine(raw);
    if (!line) {
      dropped += 1;
      continue;
    }
    const existing = lines.find((l) => sameLine(l, line.key, line.color));
    lines = existing
      ? setQuantity(lines, line.key, line.color, existing.quantity + line.quantity)
      : [...lines, line];
  }
  return { lines, dropped };
}

/** What a stored line remembers of its product, when it is well-formed (else it is forgotten). */
function storedSeen(raw: unknown): SeenProduct | undefined {
  if (!isRecord(raw)) return undefined;
  const { name, priceCents } = raw;
  if (typeof name !== 'string' || name.trim() === '' || name.length > 200) return undefined;
  if (!Number.isInteger(priceCents) || (priceCents as number) <= 0) return undefined;
  if ((priceCents as number) > 100_000_00) return undefined;
  return { name, priceCents: priceCents as number };
}

function validStoredLine(raw: unknown): CartLine | null {
  if (!isRecord(raw)) return null;
  const { key, color, quantity } = raw;
  if (typeof key !== 'string' || typeof color !== 'string') return null;
  if (!parseProductKey(key) || color.trim() === '') return null;
  if (!Number.isInteger(quantity) || (quantity as number) < 1) return null;
  if ((quantity as number) > MAX_LINE_QUANTITY) return null;
  const seen = storedSeen(raw.seen);
  return { key: key as ProductKey, color, quantity: quantity as number, ...(seen ? { seen } : {}) };
}

/** The valid lines of a stored cart (see readStoredCart). */
export function parseStoredCart(value: unknown): CartLine[] {
  return readStoredCart(value).lines;
}
