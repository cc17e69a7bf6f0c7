import type Stripe from 'stripe';
import { z } from 'zod';
import {
  encodeLineItemName,
  findProductByKey,
  MAX_LINE_QUANTITY,
  priceToCents,
  productKey,
  type Product,
} from '../../catalogue/index.ts';

/** Stripe accepts at most 100 line items in one Checkout Session. */
export const MAX_CART_LINES = 100;

/**
 * The cart rules' texts (docs/product.md, Checkout), shared with the page, which shows them after
 * "Checkout Error: ".
 */
export const cartMessages = {
  empty: 'Your cart is empty.',
  price: (name: string) => `Invalid or missing price for item: ${name}. Please check cart data.`,
  quantity: (name: string) => `Invalid or missing quantity for item: ${name}.`,
  tooMany: `Too many lines in the cart: at most ${MAX_CART_LINES}.`,
  badBody: 'The request must be JSON like {"items": [{"key", "color", "quantity"}]}.',
  unknownProduct: (what: string) => `Unknown product: ${what}.`,
  unknownColour: (name: string, colour: string, available: readonly string[]) =>
    `Unknown colour "${colour}" for item: ${name}. Available: ${available.join(', ')}.`,
  // Stock (docs/decisions/0025-stock-holds.md): checked before any payment page.
  soldOut: (name: string, colour: string) => `Sold out: ${name} (${colour}).`,
  onlyLeft: (name: string, colour: string, left: number) =>
    `Only ${left} left of ${name} (${colour}).`,
};

const itemShape = z.object({
  key: z.string().optional(),
  category: z.enum(['keyboards', 'switches', 'accessories']).optional(),
  id: z.number().int().optional(),
  color: z.string().nullish(),
  // Checked below with the product's name in the message.
  quantity: z.unknown().optional(),
  price: z.unknown().optional(),
});

const bodyShape = z.object({ items: z.array(z.unknown()) });

const quantitySchema = z.number().int().min(1).max(MAX_LINE_QUANTITY);
const priceSchema = z.number().positive().finite();

/** A cart line the checkout accepted: a catalogue product, its colour label and how many. */
export interface CheckoutLine {
  product: Product;
  /** The chosen colour, or undefined (the line item then says "Default"). */
  color: string | undefined;
  quantity: number;
  /** A price the browser sent that differs from the catalogue's (ignored; logged by the caller). */
  ignoredPrice?: number;
}

/** A cart the checkout refuses; the message says which rule it breaks (the handler answers 400). */
export class InvalidCartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidCartError';
  }
}

const invalidCart = (message: string) => new InvalidCartError(message);

function productOf(item: z.infer<typeof itemShape>): Product {
  const key =
    item.key ??
    (item.category && item.id !== undefined ? productKey(item.category, item.id) : undefined);
  const product = key ? findProductByKey(key) : undefined;
  if (!product) throw invalidCart(cartMessages.unknownProduct(key ?? JSON.stringify(item)));
  return product;
}

/**
 * Validates the body of a checkout request (docs/product.md, Checkout) against the catalogue.
 * Throws a 400 error (InvalidCartError) saying what is wrong; prices come from the catalogue,
 * never the browser.
 */
export function parseCheckoutCart(body: unknown): CheckoutLine[] {
  const parsed = bodyShape.safeParse(body);
  if (!parsed.success) throw invalidCart(cartMessages.badBody);
  const items = parsed.data.items;
  if (items.length === 0) throw invalidCart(cartMessages.empty);
  if (items.length > MAX_CART_LINES) throw invalidCart(cartMessages.tooMany);

  return items.map((raw) => {
    const item = itemShape.safeParse(raw);
    if (!item.success) throw invalidCart(cartMessages.badBody);
    const product = productOf(item.data);
    const color = item.data.color?.trim() || undefined;
    if (color !== undefined && !product.availableColors.includes(color)) {
      throw invalidCart(cartMessages.unknownColour(product.name, color, product.availableColors));
    }
    const quantity = quantitySchema.safeParse(item.data.quantity);
    if (!quantity.success) throw invalidCart(cartMessages.quantity(product.name));
    const line: CheckoutLine = { product, color, quantity: quantity.data };
    if (item.data.price !== undefined) {
      const price = priceSchema.safeParse(item.data.price);
      if (!price.success) throw invalidCart(cartMessages.price(product.name));
      if (priceToCents(price.data) !== product.priceCents) line.ignoredPrice = price.data;
    }
    return line;
  });
}

/** Stripe line items at catalogue prices: usd, cents, "name (colour)". */
export function lineItemsFor(
  lines: readonly CheckoutLine[],
): Stripe.Checkout.SessionCreateParams.LineItem[] {
  return lines.map((line) => ({
    price_data: {
      currency: 'usd',
      unit_amount: line.product.priceCents,
      product_data: { name: encodeLineItemName(line.product.name, line.color) },
    },
    quantity: line.quantity,
  }));
}
