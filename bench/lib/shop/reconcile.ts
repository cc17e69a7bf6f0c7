// The ground truth after a run: the payments sandbox's sessions and events as it keeps them on disk
// (DATA_DIR/payments-sandbox), and the order rows in the shop's database. Every paid session must
// have exactly its line count of order rows (none lost, none doubled), owned by its shopper.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { openPglite } from '../../../src/server/db/pglite.ts';

interface SessionFile {
  id: string;
  status: string;
  paymentStatus: string;
  metadata: Record<string, string>;
  lineItems: unknown[];
}
interface EventFile {
  id: string;
  event: { type: string; data: { object: { id?: string } } };
  delivery: { deliveredAt: number | null; attempts: number } | null;
}

async function readJsonDir<T>(dir: string): Promise<T[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
  const items: T[] = [];
  for (const name of names) {
    try {
      items.push(JSON.parse(await readFile(path.join(dir, name), 'utf8')) as T);
    } catch {
      // Replaced between readdir and read (an atomic rename): the next look sees the new one.
    }
  }
  return items;
}

/** The sandbox's sessions and events under `<dataDir>/payments-sandbox`. */
export async function readSandbox(dataDir: string) {
  const base = path.join(dataDir, 'payments-sandbox');
  return {
    sessions: await readJsonDir<SessionFile>(path.join(base, 'sessions')),
    events: await readJsonDir<EventFile>(path.join(base, 'events')),
  };
}

/** Payment events whose webhook has not been delivered (yet). */
export async function undeliveredPaymentEvents(dataDir: string): Promise<number> {
  const { events } = await readSandbox(dataDir);
  return events.filter(
    (e) => e.event.type === 'checkout.session.completed' && e.delivery && !e.delivery.deliveredAt,
  ).length;
}

/** Waits until every payment webhook was delivered, or `timeoutMs`; resolves how many are left. */
export async function waitForWebhooks(dataDir: string, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let left = await undeliveredPaymentEvents(dataDir);
  while (left > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    left = await undeliveredPaymentEvents(dataDir);
  }
  return left;
}

export interface OrderRow {
  checkout_session_id: string;
  line_number: number;
  user_id: string;
}

const ORDERS_SQL =
  'SELECT checkout_session_id, line_number, user_id::text AS user_id FROM public.orders';

/** Every order row: from PostgreSQL, or from a PGlite DATA_DIR no server has open. */
export async function readOrders(source: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<OrderRow[]> {
  if (source.databaseUrl) {
    const client = new pg.Client({ connectionString: source.databaseUrl });
    await client.connect();
    try {
      return (await client.query<OrderRow>(ORDERS_SQL)).rows;
    } finally {
      await client.end();
    }
  }
  const db = await openPglite(source.dataDir);
  try {
    return (await db.query<OrderRow>(ORDERS_SQL)).rows;
  } finally {
    await db.close();
  }
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
export function reconcile(sessions: SessionFile[], rows: OrderRow[]): Reconciliation {
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
