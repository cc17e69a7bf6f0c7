import type Stripe from 'stripe';
import { decodeLineItemName, parseProductKey } from '../../catalogue/index.ts';
import { productKeysByName } from '../catalogue/index.ts';
import type { WaitingLine } from '../../contracts/index.ts';
import type { Queryable } from '../db/types.ts';
import { AVAILABILITY_METADATA, PRODUCT_KEY_METADATA } from './cart.ts';

/** One order row to record, from one line item of a paid session; money in integer cents. */
export interface OrderLine {
  /** The line item's position in the session: with the session id, the row's idempotency key. */
  lineNumber: number;
  productName: string;
  selectedColor: string;
  quantity: number;
  unitAmountCents: number;
  /** "category:id" of the product sold, else "" (the history then shows the logo). */
  productKey: string;
  /** Sold as a pre-order or group buy: its window as it was sold; absent when in stock. */
  waiting?: WaitingLine;
}

// The lines with their products, the shipping rate for its display name ("Standard"), the
// promotion code for the text the shopper typed, and the tax per rate for its name and whether it
// was inside the prices.
const EXPAND = [
  'line_items.data.price.product',
  'shipping_cost.shipping_rate',
  'discounts.promotion_code',
  'total_details.breakdown',
];

/**
 * Retrieves a Checkout Session with its line items and their products expanded, and the rest of
 * EXPAND. An expanded list holds only the first 10 items (on Stripe as in the sandbox), so the
 * rest are paged in.
 */
export async function retrieveSessionWithLines(
  stripe: Stripe,
  sessionId: string,
): Promise<{ session: Stripe.Checkout.Session; lineItems: Stripe.LineItem[] }> {
  const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: EXPAND });
  const lineItems = [...(session.line_items?.data ?? [])];
  let hasMore = session.line_items?.has_more ?? false;
  while (hasMore) {
    const last = lineItems.at(-1);
    const page = await stripe.checkout.sessions.listLineItems(sessionId, {
      limit: 100,
      expand: ['data.price.product'],
      ...(last ? { starting_after: last.id } : {}),
    });
    lineItems.push(...page.data);
    hasMore = page.has_more && page.data.length > 0;
  }
  return { session, lineItems };
}

function productOf(item: Stripe.LineItem): Stripe.Product | undefined {
  const product = item.price?.product;
  return product && typeof product !== 'string' && !product.deleted ? product : undefined;
}

const productNameOf = (item: Stripe.LineItem): string | undefined =>
  productOf(item)?.name || (item.description ?? undefined);

/** The key the checkout put in the line item's product metadata (cart.ts), if well formed. */
function metadataKeyOf(item: Stripe.LineItem): string | undefined {
  const key = productOf(item)?.metadata?.[PRODUCT_KEY_METADATA];
  return key && parseProductKey(key) ? key : undefined;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The pre-order or group buy the checkout put in the line item's metadata (cart.ts), if any. */
function waitingOf(item: Stripe.LineItem, name: string, key: string): WaitingLine | undefined {
  const metadata = productOf(item)?.metadata ?? {};
  const kind = metadata[AVAILABILITY_METADATA.kind];
  const shipsFrom = metadata[AVAILABILITY_METADATA.shipsFrom] ?? '';
  const shipsBy = metadata[AVAILABILITY_METADATA.shipsBy] ?? '';
  if (kind !== 'pre_order' && kind !== 'group_buy') return undefined;
  if (!DAY.test(shipsFrom) || !DAY.test(shipsBy)) return undefined;
  const endsAt = metadata[AVAILABILITY_METADATA.endsAt] || null;
  return { productKey: key, name, kind, shipsFrom, shipsBy, endsAt };
}

/**
 * The order rows of a session's line items (docs/product.md, Order confirmation): an item lacking a
 * product name, a quantity or a unit amount is skipped; name and colour are read back from "name
 * (colour)". The product key is the one the checkout put in the item's metadata; a session created
 * before it did has its products found by name in the database (names can change since, so only
 * for those). A pre-order or group buy carries the window it was sold with.
 */
export async function orderLinesOf(
  db: Queryable,
  lineItems: readonly Stripe.LineItem[],
): Promise<{ lines: OrderLine[]; skipped: number }> {
  const lines: OrderLine[] = [];
  lineItems.forEach((item, lineNumber) => {
    const text = productNameOf(item)?.trim();
    const quantity = item.quantity;
    const unitAmount = item.price?.unit_amount;
    if (!text || !quantity || quantity < 1 || unitAmount === null || unitAmount === undefined) {
      return;
    }
    const { name, color } = decodeLineItemName(text);
    const productKey = metadataKeyOf(item) ?? '';
    const waiting = waitingOf(item, name, productKey);
    lines.push({
      lineNumber,
      productName: name,
      selectedColor: color,
      quantity,
      unitAmountCents: unitAmount,
      productKey,
      ...(waiting ? { waiting } : {}),
    });
  });
  const unkeyed = lines.filter((l) => l.productKey === '');
  if (unkeyed.length > 0) {
    const names = unkeyed.map((l) => l.productName);
    const keys = await productKeysByName(db, names);
    for (const line of unkeyed) line.productKey = keys.get(line.productName) ?? '';
  }
  return { lines, skipped: lineItems.length - lines.length };
}
