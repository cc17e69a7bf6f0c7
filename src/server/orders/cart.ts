import type Stripe from 'stripe';
import { z } from 'zod';
import {
  checkoutRequestSchema,
  groupBuyPhase,
  mixesWaiting,
  type CheckoutItem,
  type ProductAvailability,
} from '../../contracts/index.ts';
import {
  encodeLineItemName,
  MAX_LINE_QUANTITY,
  priceToCents,
  productKey,
  type Catalogue,
  type Product,
} from '../../catalogue/index.ts';

/** The line item's product metadata field holding the shop's product key ("keyboards:1"). */
export const PRODUCT_KEY_METADATA = 'product_key';

/**
 * The fields of the line item's product metadata saying how a pre-order or group buy was sold
 * (docs/decisions/0051-pre-orders-and-group-buys.md): what the paid order records as waits_for.
 */
export const AVAILABILITY_METADATA = {
  kind: 'availability_kind',
  shipsFrom: 'ships_from',
  shipsBy: 'ships_by',
  endsAt: 'ends_at',
} as const;

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
  // An archived product: still in carts kept from before, no longer for sale.
  notSold: (name: string) => `No longer sold: ${name}.`,
  unknownColour: (name: string, colour: string, available: readonly string[]) =>
    `Unknown colour "${colour}" for item: ${name}. Available: ${available.join(', ')}.`,
  // Stock (docs/decisions/0025-stock-holds.md): checked before any payment page.
  soldOut: (name: string, colour: string) => `Sold out: ${name} (${colour}).`,
  onlyLeft: (name: string, colour: string, left: number) =>
    `Only ${left} left of ${name} (${colour}).`,
  // Pre-orders and group buys (docs/decisions/0051-pre-orders-and-group-buys.md): a cap counts
  // units of the product in all its colours.
  capSoldOut: (name: string) => `${name} is sold out.`,
  capOnlyLeft: (name: string, left: number) => `Only ${left} left of ${name}.`,
  groupBuyNotStarted: (name: string) => `The group buy for ${name} has not started yet.`,
  groupBuyEnded: (name: string) => `The group buy for ${name} has ended.`,
  mixed:
    'Your cart mixes items in stock with pre-orders or group buys. Accept that the order ships ' +
    'when the last item is ready, or check them out separately.',
};

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
  /** The product's pre-order or group buy as the checkout read it; absent: in stock. */
  availability?: ProductAvailability;
}

/** A cart the checkout refuses; the message says which rule it breaks (the handler answers 400). */
export class InvalidCartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidCartError';
  }
}

const invalidCart = (message: string) => new InvalidCartError(message);

const keyOf = (item: CheckoutItem) =>
  item.key ??
  (item.category && item.id !== undefined ? productKey(item.category, item.id) : undefined);

/**
 * The items of a checkout body (the checkout contract's request) and whether the shopper accepts
 * that a mixed cart ships together, or InvalidCartError when the body is not a cart. Quantities
 * and prices are checked per line, naming the product.
 */
function requestOf(body: unknown): { items: CheckoutItem[]; shipTogether: boolean } {
  const parsed = checkoutRequestSchema.safeParse(body);
  if (!parsed.success) throw invalidCart(cartMessages.badBody);
  const items = parsed.data.items;
  if (items.length === 0) throw invalidCart(cartMessages.empty);
  if (items.length > MAX_CART_LINES) throw invalidCart(cartMessages.tooMany);
  return { items, shipTogether: parsed.data.shipTogether === true };
}

/**
 * The product keys a checkout body names: what to read from the database before
 * parseCheckoutCart. Never throws; a body that is not a cart names none (parseCheckoutCart then
 * says what is wrong with it).
 */
export function cartProductKeys(body: unknown): string[] {
  try {
    return [...new Set(requestOf(body).items.flatMap((item) => keyOf(item) ?? []))];
  } catch (err) {
    if (err instanceof InvalidCartError) return [];
    throw err;
  }
}

/**
 * A published product of the catalogue. A draft answers as unknown, so a cart never learns the
 * name of a product the shop has not shown yet; an archived one says it is no longer sold.
 */
function productOf(item: CheckoutItem, catalogue: Catalogue): Product {
  const key = keyOf(item);
  const product = key ? catalogue.byKey(key) : undefined;
  if (!product || product.status === 'draft') {
    throw invalidCart(cartMessages.unknownProduct(key ?? JSON.stringify(item)));
  }
  if (product.status !== 'published') throw invalidCart(cartMessages.notSold(product.name));
  return product;
}

/** Refuses a group-buy line outside its run: nobody joins one before it starts or after it ends. */
function checkGroupBuyRun(name: string, availability: ProductAvailability, now: Date): void {
  if (availability.kind !== 'group_buy') return;
  const phase = groupBuyPhase(availability, now);
  if (phase === 'upcoming') throw invalidCart(cartMessages.groupBuyNotStarted(name));
  if (phase === 'ended') throw invalidCart(cartMessages.groupBuyEnded(name));
}

/**
 * Validates the body of a checkout request (docs/product.md, Checkout) against `catalogue` and
 * `availability`, the products and their pre-orders and group buys read from the database for
 * this request (cartProductKeys). Throws a 400 error (InvalidCartError) saying what is wrong;
 * prices come from the catalogue, never the browser. A cart mixing in-stock products with ones
 * that wait needs the shopper's consent to ship together.
 */
export function parseCheckoutCart(
  body: unknown,
  catalogue: Catalogue,
  availability: ReadonlyMap<string, ProductAvailability> = new Map(),
  now = new Date(),
): CheckoutLine[] {
  const { items, shipTogether } = requestOf(body);
  const lines = items.map((item) => {
    const product = productOf(item, catalogue);
    const color = item.color?.trim() || undefined;
    if (color !== undefined && !product.availableColors.includes(color)) {
      throw invalidCart(cartMessages.unknownColour(product.name, color, product.availableColors));
    }
    const quantity = quantitySchema.safeParse(item.quantity);
    if (!quantity.success) throw invalidCart(cartMessages.quantity(product.name));
    const line: CheckoutLine = { product, color, quantity: quantity.data };
    if (item.price !== undefined) {
      const price = priceSchema.safeParse(item.price);
      if (!price.success) throw invalidCart(cartMessages.price(product.name));
      if (priceToCents(price.data) !== product.priceCents) line.ignoredPrice = price.data;
    }
    const waits = availability.get(product.key);
    if (waits) {
      checkGroupBuyRun(product.name, waits, now);
      line.availability = waits;
    }
    return line;
  });
  const mixed = mixesWaiting(lines.map((l) => ({ waits: l.availability !== undefined })));
  if (mixed && !shipTogether) throw invalidCart(cartMessages.mixed);
  return lines;
}

/** The product metadata saying how a line's pre-order or group buy was sold; none when in stock. */
function availabilityMetadata(line: CheckoutLine): Record<string, string> {
  const a = line.availability;
  if (!a) return {};
  return {
    [AVAILABILITY_METADATA.kind]: a.kind,
    [AVAILABILITY_METADATA.shipsFrom]: a.shipsFrom,
    [AVAILABILITY_METADATA.shipsBy]: a.shipsBy,
    ...(a.endsAt ? { [AVAILABILITY_METADATA.endsAt]: a.endsAt } : {}),
  };
}

/**
 * Stripe line items at catalogue prices: usd, cents, "name (colour)", and the product's key in the
 * product's metadata, which the order line reads back (session-lines.ts): names can change. A
 * pre-order or group buy also carries its window there, as it was sold.
 */
export function lineItemsFor(
  lines: readonly CheckoutLine[],
): Stripe.Checkout.SessionCreateParams.LineItem[] {
  return lines.map((line) => ({
    price_data: {
      currency: 'usd',
      unit_amount: line.product.priceCents,
      product_data: {
        name: encodeLineItemName(line.product.name, line.color),
        metadata: { [PRODUCT_KEY_METADATA]: line.product.key, ...availabilityMetadata(line) },
      },
    },
    quantity: line.quantity,
  }));
}
