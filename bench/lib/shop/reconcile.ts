// The ground truth after a run: the payments sandbox's sessions as it keeps them in the shop's
// database (keebshop.sandbox_sessions), and the order rows there. Every paid session must have
// exactly its line count of order rows (none lost, none doubled), owned by its shopper.
import pg from 'pg';
import { openPglite } from '../../../src/server/db/pglite.ts';

interface SessionRecord {
  id: string;
  status: string;
  paymentStatus: string;
  metadata: Record<string, string>;
  lineItems: unknown[];
  /** What the provider charged, shipping included. */
  amountTotal?: number;
  /** The promotion code applied on the hosted page, if any. */
  discount?: { promotionCodeId: string | null; code: string | null } | null;
}

/** A promotion code as the sandbox keeps it: one redemption per paying session. */
interface PromotionCodeObject {
  id: string;
  code: string;
  redemptions: { sessionId: string }[];
}

/** Where a run's database is: PostgreSQL, or a PGlite DATA_DIR no server has open. */
export interface DatabaseSource {
  databaseUrl?: string;
  dataDir: string;
}

export async function queryRows<T>(source: DatabaseSource, sql: string): Promise<T[]> {
  if (source.databaseUrl) {
    const client = new pg.Client({ connectionString: source.databaseUrl });
    await client.connect();
    try {
      return (await client.query(sql)).rows as T[];
    } finally {
      await client.end();
    }
  }
  const db = await openPglite(source.dataDir);
  try {
    return (await db.query<T>(sql)).rows;
  } finally {
    await db.close();
  }
}

/** The sandbox's sessions, from the shop's database. */
export async function readSandbox(source: DatabaseSource) {
  const rows = await queryRows<{ record: SessionRecord }>(
    source,
    'SELECT record FROM keebshop.sandbox_sessions',
  );
  const codes = await queryRows<{ record: PromotionCodeObject }>(
    source,
    "SELECT record FROM keebshop.sandbox_objects WHERE kind = 'promotion_code'",
  );
  return { sessions: rows.map((r) => r.record), promotionCodes: codes.map((r) => r.record) };
}

/**
 * Each promotion code counted once per paid session that used it: its redemptions name exactly
 * the paid sessions with it applied, each once (a payment retried across a kill counts once).
 */
export function reconcileRedemptions(
  sessions: SessionRecord[],
  codes: PromotionCodeObject[],
): { redeemed: number; problems: string[] } {
  const problems: string[] = [];
  let redeemed = 0;
  for (const code of codes) {
    const paid = sessions
      .filter((s) => s.status === 'complete' && s.discount?.promotionCodeId === code.id)
      .map((s) => s.id)
      .sort();
    const counted = code.redemptions.map((r) => r.sessionId).sort();
    redeemed += counted.length;
    if (JSON.stringify(paid) !== JSON.stringify(counted)) {
      problems.push(`${code.code}: ${counted.length} redemptions for ${paid.length} paid sessions`);
    }
  }
  return { redeemed, problems };
}

/** Webhooks the sandbox on `sandboxUrl` has not delivered yet (its /healthz says); null if down. */
export async function pendingWebhooks(sandboxUrl: string): Promise<number | null> {
  try {
    const res = await fetch(`${sandboxUrl}/healthz`, { signal: AbortSignal.timeout(2000) });
    const body = (await res.json()) as { pendingWebhooks?: number };
    return typeof body.pendingWebhooks === 'number' ? body.pendingWebhooks : null;
  } catch {
    return null;
  }
}

/**
 * Waits until the sandbox has delivered every webhook, or `timeoutMs`; resolves how many are left
 * (-1: the sandbox never answered).
 */
export async function waitForWebhooks(sandboxUrl: string, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let left = await pendingWebhooks(sandboxUrl);
  while (left !== 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    left = await pendingWebhooks(sandboxUrl);
  }
  return left ?? -1;
}

export interface OrderRow {
  checkout_session_id: string;
  line_number: number;
  user_id: string;
}

const ORDERS_SQL =
  'SELECT checkout_session_id, line_number, user_id::text AS user_id FROM public.orders';

/** Every order row: from PostgreSQL, or from a PGlite DATA_DIR no server has open. */
export function readOrders(source: DatabaseSource): Promise<OrderRow[]> {
  return queryRows<OrderRow>(source, ORDERS_SQL);
}

/** One order (public.shop_orders) as the reconciliation checks it. */
export interface ShopOrderRow {
  checkout_session_id: string;
  order_number: string;
  subtotal_cents: number;
  shipping_cents: number;
  total_cents: number;
  discount_code: string | null;
  discount_cents: number;
  tax_cents: number;
  tax_inclusive: boolean;
  has_address: boolean;
}

const SHOP_ORDERS_SQL = `SELECT checkout_session_id, order_number, subtotal_cents, shipping_cents, total_cents,
  discount_code, discount_cents, tax_cents, tax_inclusive,
  (shipping_name IS NOT NULL AND shipping_address IS NOT NULL) AS has_address
  FROM public.shop_orders`;

/** Every order (shop_orders row): from PostgreSQL, or from a PGlite DATA_DIR no server has open. */
export function readShopOrders(source: DatabaseSource): Promise<ShopOrderRow[]> {
  return queryRows<ShopOrderRow>(source, SHOP_ORDERS_SQL);
}

/**
 * Paid sessions whose order is missing, doubled, without a shipping address, whose total is not
 * subtotal − discount + added tax + shipping = the provider's amount_total, or whose code is not
 * the one applied; and order numbers that skip one.
 */
/** What an order's parts add up to: tax inside the prices is not added again. */
const partsOf = (o: ShopOrderRow) =>
  o.subtotal_cents - o.discount_cents + (o.tax_inclusive ? 0 : o.tax_cents) + o.shipping_cents;

export function reconcileShopOrders(
  sessions: SessionRecord[],
  orders: ShopOrderRow[],
): { session: string; problem: string }[] {
  const problems: { session: string; problem: string }[] = [];
  const bySession = new Map<string, ShopOrderRow[]>();
  for (const order of orders) {
    bySession.set(order.checkout_session_id, [
      ...(bySession.get(order.checkout_session_id) ?? []),
      order,
    ]);
  }
  for (const session of sessions.filter((s) => s.paymentStatus === 'paid')) {
    const found = bySession.get(session.id) ?? [];
    const order = found[0];
    if (found.length !== 1 || !order) {
      problems.push({ session: session.id, problem: `${found.length} orders` });
    } else if (!order.has_address) {
      problems.push({ session: session.id, problem: 'no shipping address' });
    } else if (
      order.total_cents !== partsOf(order) ||
      (session.amountTotal !== undefined && order.total_cents !== session.amountTotal)
    ) {
      problems.push({
        session: session.id,
        problem: `total ${order.total_cents} (subtotal ${order.subtotal_cents} − discount ${order.discount_cents} + tax ${order.tax_inclusive ? 0 : order.tax_cents} + shipping ${order.shipping_cents}), charged ${session.amountTotal}`,
      });
    } else if ((session.discount?.code ?? null) !== order.discount_code) {
      problems.push({
        session: session.id,
        problem: `code ${order.discount_code} recorded, ${session.discount?.code ?? 'none'} applied`,
      });
    }
  }
  const numbers = orders
    .map((o) => Number(/^KS-(\d+)$/.exec(o.order_number)?.[1] ?? NaN))
    .sort((a, b) => a - b);
  for (const [i, n] of numbers.entries()) {
    const before = numbers[i - 1];
    if (Number.isNaN(n))
      problems.push({ session: '-', problem: 'an order number not KS-<digits>' });
    else if (before !== undefined && n !== before + 1) {
      problems.push({ session: '-', problem: `order numbers skip from KS-${before} to KS-${n}` });
    }
  }
  return problems;
}

export interface Reconciliation {
  sessions: number;
  paidSessions: number;
  expectedRows: number;
  orderRows: number;
  /** Paid sessions with fewer rows than lines. */
  lost: { session: string; expected: number; found: number }[];
  /** Sessions with a line recorded more than once, or more rows than lines. */
  doubled: { session: string; expected: number; found: number }[];
  /** Rows of sessions that are not paid (or unknown to the provider). */
  orphans: number;
  /** Rows owned by someone other than the shopper who started the checkout. */
  wrongOwner: number;
  ok: boolean;
}

/** Compares the sandbox's paid sessions with the order rows. */
export function reconcile(sessions: SessionRecord[], rows: OrderRow[]): Reconciliation {
  const bySession = new Map<string, OrderRow[]>();
  for (const row of rows) {
    const list = bySession.get(row.checkout_session_id) ?? [];
    list.push(row);
    bySession.set(row.checkout_session_id, list);
  }
  const paid = sessions.filter((s) => s.paymentStatus === 'paid');
  const paidIds = new Set(paid.map((s) => s.id));
  const result: Reconciliation = {
    sessions: sessions.length,
    paidSessions: paid.length,
    expectedRows: 0,
    orderRows: rows.length,
    lost: [],
    doubled: [],
    orphans: rows.filter((r) => !paidIds.has(r.checkout_session_id)).length,
    wrongOwner: 0,
    ok: false,
  };
  for (const session of paid) {
    const expected = session.lineItems.length;
    const found = bySession.get(session.id) ?? [];
    result.expectedRows += expected;
    const distinctLines = new Set(found.map((r) => r.line_number)).size;
    if (found.length > expected || distinctLines < found.length) {
      result.doubled.push({ session: session.id, expected, found: found.length });
    } else if (found.length < expected) {
      result.lost.push({ session: session.id, expected, found: found.length });
    }
    result.wrongOwner += found.filter((r) => r.user_id !== session.metadata.userId).length;
  }
  result.ok =
    result.lost.length === 0 &&
    result.doubled.length === 0 &&
    result.orphans === 0 &&
    result.wrongOwner === 0;
  return result;
}
