// Stock per product and colour (docs/decisions/0025-stock-holds.md): a checkout holds its lines'
// units before the provider's session exists, the hold is linked to the session, released when the
// session expires or is never created, and taken once when the session's order is recorded.
// A pre-order or group buy (docs/decisions/0051-pre-orders-and-group-buys.md) is held the same way
// but counted against its cap (availability.ts), never against public.stock.
import { MAX_ON_HAND, type WaitingLine } from '../../contracts/index.ts';
import type { Database, Queryable } from '../db/types.ts';
import type { Logger } from '../http/logger.ts';
import { checkUnitsLeft, lockUnitsLeft, type CapWant } from './availability.ts';
import { cartMessages, InvalidCartError, type CheckoutLine } from './cart.ts';

/** The units each catalogue product and colour starts with when the shop first sees it. */
export const DEFAULT_ON_HAND = 50;
/** Held past its expiry by this long, a hold is released by the sweep (the webhook is faster). */
export const SWEEP_GRACE_MS = 60_000;

/** The colour a line's units are counted under: its own, or the product's default colour. */
export function stockColorOf(line: Pick<CheckoutLine, 'product' | 'color'>): string {
  return line.color ?? line.product.selectedColor;
}

/**
 * Gives every product variant (public.product_variants, whatever the product's status) a stock row
 * of DEFAULT_ON_HAND units unless it has one: run at every start, staff edits never overwritten.
 * In practice the first catalogue's variants: a colour staff add later gets a row of 0 units from
 * the database as it is added (product_variants_stock), so new stock is counted, never assumed.
 */
export async function seedStock(db: Queryable): Promise<number> {
  // In key order, so instances starting together on one database never deadlock on the rows.
  const result = await db.query(
    `INSERT INTO public.stock (product_key, color, on_hand)
     SELECT v.product_key, v.color, $1::int FROM public.product_variants v
     ORDER BY v.product_key, v.color
     ON CONFLICT (product_key, color) DO NOTHING`,
    [DEFAULT_ON_HAND],
  );
  return result.rowCount;
}

interface Want {
  key: string;
  color: string;
  name: string;
  quantity: number;
  /** A pre-order or group buy: counted against its cap, not its stock. */
  waits: boolean;
}

/** The units a cart asks for per product and colour, in the cart's order (first line first). */
function wantsOf(lines: readonly CheckoutLine[]): Want[] {
  const wants = new Map<string, Want>();
  for (const line of lines) {
    const color = stockColorOf(line);
    const id = `${line.product.key}\u0000${color}`;
    const want = wants.get(id) ?? {
      key: line.product.key,
      color,
      name: line.product.name,
      quantity: 0,
      waits: line.availability !== undefined,
    };
    want.quantity += line.quantity;
    wants.set(id, want);
  }
  return [...wants.values()];
}

/** The units a cart asks for per capped product, all colours together, in the cart's order. */
function capWantsOf(wants: readonly Want[]): CapWant[] {
  const byKey = new Map<string, CapWant>();
  for (const want of wants.filter((w) => w.waits)) {
    const capWant = byKey.get(want.key) ?? { key: want.key, name: want.name, quantity: 0 };
    capWant.quantity += want.quantity;
    byKey.set(want.key, capWant);
  }
  return [...byKey.values()];
}

/** Locks the stock rows of `pairs` in one order (no deadlocks) and answers available per pair. */
async function lockAvailable(
  tx: Queryable,
  pairs: readonly { key: string; color: string }[],
): Promise<Map<string, { onHand: number; available: number }>> {
  if (pairs.length === 0) return new Map();
  const keys = pairs.map((p) => p.key);
  const colors = pairs.map((p) => p.color);
  const locked = await tx.query<{ product_key: string; color: string; on_hand: number }>(
    `SELECT s.product_key, s.color, s.on_hand
     FROM public.stock s
     JOIN unnest($1::text[], $2::text[]) AS t(k, c) ON s.product_key = t.k AND s.color = t.c
     ORDER BY s.product_key, s.color
     FOR UPDATE OF s`,
    [keys, colors],
  );
  const held = await tx.query<{ product_key: string; color: string; held: number }>(
    `SELECT h.product_key, h.color, sum(h.quantity)::int AS held
     FROM public.stock_holds h
     JOIN unnest($1::text[], $2::text[]) AS t(k, c) ON h.product_key = t.k AND h.color = t.c
     WHERE h.state = 'held'
     GROUP BY h.product_key, h.color`,
    [keys, colors],
  );
  const heldBy = new Map(
    held.rows.map((r) => [`${r.product_key}\u0000${r.color}`, Number(r.held)]),
  );
  return new Map(
    locked.rows.map((r) => {
      const id = `${r.product_key}\u0000${r.color}`;
      const onHand = Number(r.on_hand);
      return [id, { onHand, available: Math.max(onHand - (heldBy.get(id) ?? 0), 0) }];
    }),
  );
}

/** A checkout's holds: the reference to link to its session, and when they expire. */
export interface StockHold {
  holdRef: string;
  expiresAt: Date;
}

/**
 * Holds every line's units for `userId` until `expiresAt`, all or nothing, in one transaction with
 * the stock rows locked, so concurrent checkouts never hold more than there is. A sold-out or
 * short line is refused (InvalidCartError, the first such line in cart order) and nothing is held.
 */
export async function reserveStock(
  db: Database,
  lines: readonly CheckoutLine[],
  expiresAt: Date,
  userId: string | null = null,
): Promise<StockHold> {
  const wants = wantsOf(lines);
  const capWants = capWantsOf(wants);
  const holdRef = crypto.randomUUID();
  await db.transaction(async (tx) => {
    // Stock rows first, then availability rows: every checkout locks in this order.
    const stock = await lockAvailable(
      tx,
      wants.filter((w) => !w.waits),
    );
    const unitsLeft = await lockUnitsLeft(tx, capWants);
    const capOf = new Map(capWants.map((w) => [w.key, w]));
    for (const want of wants) {
      const capWant = capOf.get(want.key);
      if (capWant) {
        checkUnitsLeft(capWant, unitsLeft);
        continue;
      }
      const available = stock.get(`${want.key}\u0000${want.color}`)?.available ?? 0;
      if (available <= 0) throw new InvalidCartError(cartMessages.soldOut(want.name, want.color));
      if (available < want.quantity) {
        throw new InvalidCartError(cartMessages.onlyLeft(want.name, want.color, available));
      }
    }
    await tx.query(
      `INSERT INTO public.stock_holds
         (hold_ref, line_number, product_key, color, quantity, expires_at, user_id)
       SELECT $1::uuid, n - 1, k, c, q, $5::timestamptz, $6::uuid
       FROM unnest($2::text[], $3::text[], $4::int[]) WITH ORDINALITY AS t(k, c, q, n)`,
      [
        holdRef,
        wants.map((w) => w.key),
        wants.map((w) => w.color),
        wants.map((w) => w.quantity),
        expiresAt.toISOString(),
        userId,
      ],
    );
  });
  return { holdRef, expiresAt };
}

/** Names the session a checkout's holds belong to, once the provider created it. */
export async function linkHold(db: Queryable, holdRef: string, sessionId: string): Promise<void> {
  await db.query(
    `UPDATE public.stock_holds SET checkout_session_id = $2, updated_at = now()
     WHERE hold_ref = $1::uuid AND checkout_session_id IS NULL`,
    [holdRef, sessionId],
  );
}

/** Releases a checkout's holds whose session was never created. */
export async function releaseHold(db: Queryable, holdRef: string): Promise<number> {
  const result = await db.query(
    `UPDATE public.stock_holds SET state = 'released', updated_at = now()
     WHERE hold_ref = $1::uuid AND state = 'held'`,
    [holdRef],
  );
  return result.rowCount;
}

/** The sessions a shopper's checkouts still hold units for, oldest first. */
export async function heldSessionsOf(db: Queryable, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ checkout_session_id: string }>(
    `SELECT checkout_session_id FROM public.stock_holds
     WHERE user_id = $1::uuid AND state = 'held' AND checkout_session_id IS NOT NULL
     GROUP BY checkout_session_id ORDER BY min(id)`,
    [userId],
  );
  return rows.map((r) => r.checkout_session_id);
}

/** Releases the holds of an ended session (expired, or replaced); answers the units released. */
export async function releaseSessionHolds(db: Queryable, sessionId: string): Promise<number> {
  const result = await db.query<{ quantity: number }>(
    `UPDATE public.stock_holds SET state = 'released', updated_at = now()
     WHERE checkout_session_id = $1 AND state = 'held'
     RETURNING quantity`,
    [sessionId],
  );
  return result.rows.reduce((sum, r) => sum + Number(r.quantity), 0);
}

/**
 * Releases every hold past its expiry by more than SWEEP_GRACE_MS: sessions whose expired event
 * never arrived, and holds whose session was never created (a crash in between).
 */
export async function sweepExpiredHolds(db: Queryable, now = new Date()): Promise<number> {
  const result = await db.query(
    `UPDATE public.stock_holds SET state = 'released', updated_at = now()
     WHERE state = 'held' AND expires_at < $1::timestamptz`,
    [new Date(now.getTime() - SWEEP_GRACE_MS).toISOString()],
  );
  return result.rowCount;
}

/** One unit count to take: a product, its colour and how many. */
interface Units {
  product_key: string;
  color: string;
  quantity: number;
}

/** Lowers on_hand by each count, never below 0; answers the counts that found too few units. */
async function subtract(tx: Queryable, units: readonly Units[]): Promise<Units[]> {
  const short: Units[] = [];
  const sorted = [...units].sort((a, b) =>
    a.product_key === b.product_key
      ? a.color.localeCompare(b.color)
      : a.product_key.localeCompare(b.product_key),
  );
  for (const u of sorted) {
    const before = await tx.query<{ on_hand: number }>(
      `SELECT on_hand FROM public.stock WHERE product_key = $1 AND color = $2 FOR UPDATE`,
      [u.product_key, u.color],
    );
    const onHand = before.rows[0]?.on_hand;
    if (onHand === undefined) continue;
    if (Number(onHand) < u.quantity) short.push(u);
    await tx.query(
      `UPDATE public.stock SET on_hand = greatest(on_hand - $3, 0), updated_at = now()
       WHERE product_key = $1 AND color = $2`,
      [u.product_key, u.color, u.quantity],
    );
  }
  return short;
}

/**
 * The units of order lines kept without holds (orders from before stock was kept), as the
 * database's products name them now: a line's colour if its product still has it, else the
 * product's default colour; a line whose product the database does not know takes nothing.
 */
async function unitsOfLines(
  tx: Queryable,
  lines: readonly { key: string; color: string; quantity: number }[],
): Promise<Units[]> {
  if (lines.length === 0) return [];
  const { rows } = await tx.query<Units>(
    `SELECT p.key AS product_key, coalesce(v.color, p.selected_color) AS color, t.q AS quantity
     FROM unnest($1::text[], $2::text[], $3::int[]) WITH ORDINALITY AS t(k, c, q, n)
     JOIN public.products p ON p.key = t.k
     LEFT JOIN public.product_variants v ON v.product_key = p.key AND v.color = t.c
     ORDER BY t.n`,
    [lines.map((l) => l.key), lines.map((l) => l.color), lines.map((l) => l.quantity)],
  );
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity) }));
}

/** The units of an order line read back from the provider: its catalogue product and colour. */
export interface TakenLine {
  productKey: string;
  selectedColor: string;
  quantity: number;
  /** Sold as a pre-order or group buy: its units come from the cap, not from stock. */
  waiting?: WaitingLine | undefined;
}

/**
 * Takes a paid session's units, in the transaction that records its order (called once, when the
 * order row is new): on_hand goes down by the session's holds, which become taken (a pre-order's or
 * group buy's too, leaving on_hand as it is). Holds already released (paid after expiry) are taken
 * anyway, on_hand stopping at 0, with a warning; a session without holds (created before stock
 * was kept) takes its order lines' units.
 */
export async function takeStock(
  tx: Queryable,
  sessionId: string,
  orderId: string | number,
  lines: readonly TakenLine[],
  logger?: Pick<Logger, 'warn'>,
): Promise<void> {
  const holds = await tx.query<Units & { state: string }>(
    `SELECT product_key, color, quantity, state FROM public.stock_holds
     WHERE checkout_session_id = $1 AND state IN ('held', 'released')
     ORDER BY id
     FOR UPDATE`,
    [sessionId],
  );
  await tx.query(
    `UPDATE public.stock_holds SET state = 'taken', order_id = $2::bigint, updated_at = now()
     WHERE checkout_session_id = $1 AND state IN ('held', 'released')`,
    [sessionId, orderId],
  );
  let units: Units[] = holds.rows.map((h) => ({ ...h, quantity: Number(h.quantity) }));
  if (holds.rows.length === 0) {
    units = await unitsOfLines(
      tx,
      lines.map((l) => ({ key: l.productKey, color: l.selectedColor, quantity: l.quantity })),
    );
  }
  const released = holds.rows.filter((h) => h.state === 'released').length;
  if (released > 0) {
    logger?.warn({ sessionId, released }, 'stock: took the units of holds released before payment');
  }
  // A pre-order's or group buy's taken hold now counts as paid against its cap; stock is untouched.
  const waiting = new Set(lines.filter((l) => l.waiting).map((l) => l.productKey));
  const short = await subtract(
    tx,
    units.filter((u) => !waiting.has(u.product_key)),
  );
  if (short.length > 0) {
    logger?.warn({ sessionId, short }, 'stock: a paid order took more units than were on hand');
  }
}

/** The products an order was sold as pre-orders or group buys (shop_orders.waits_for). */
async function waitingKeysOf(tx: Queryable, orderId: string | number): Promise<Set<string>> {
  const { rows } = await tx.query<{ product_key: string }>(
    `SELECT w->>'productKey' AS product_key
     FROM public.shop_orders s, jsonb_array_elements(s.waits_for) AS w
     WHERE s.id = $1::bigint`,
    [orderId],
  );
  return new Set(rows.map((r) => r.product_key));
}

/**
 * Returns a cancelled order's units to stock, once (a second call returns nothing): its taken
 * holds, or for an order without holds its lines. Answers the number of units returned. A
 * pre-order's or group buy's units never came from stock: the cancelled order frees them for the
 * cap, which counts only orders not cancelled or refunded.
 */
export async function releaseStockForOrder(
  tx: Queryable,
  orderId: string | number,
): Promise<number> {
  const first = await tx.query(
    `INSERT INTO public.stock_returns (order_id) VALUES ($1::bigint)
     ON CONFLICT (order_id) DO NOTHING`,
    [orderId],
  );
  if (first.rowCount === 0) return 0;
  let units = (
    await tx.query<Units>(
      `SELECT product_key, color, quantity FROM public.stock_holds
       WHERE order_id = $1::bigint AND state = 'taken' ORDER BY product_key, color`,
      [orderId],
    )
  ).rows;
  if (units.length === 0) {
    const lines = await tx.query<{ product_key: string; selected_color: string; quantity: number }>(
      `SELECT product_key, selected_color, quantity FROM public.orders WHERE order_id = $1::bigint`,
      [orderId],
    );
    units = await unitsOfLines(
      tx,
      lines.rows.map((l) => ({
        key: l.product_key,
        color: l.selected_color,
        quantity: Number(l.quantity),
      })),
    );
  }
  const waiting = await waitingKeysOf(tx, orderId);
  let returned = 0;
  for (const u of units.filter((unit) => !waiting.has(unit.product_key))) {
    const result = await tx.query(
      `UPDATE public.stock SET on_hand = least(on_hand + $3, ${MAX_ON_HAND}), updated_at = now()
       WHERE product_key = $1 AND color = $2`,
      [u.product_key, u.color, Number(u.quantity)],
    );
    if (result.rowCount > 0) returned += Number(u.quantity);
  }
  return returned;
}
