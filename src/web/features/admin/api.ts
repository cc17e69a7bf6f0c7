// The back office's data calls: reads through the data API (row-level security lets staff see
// every order) and the staff actions through /functions/v1, both with the signed-in staff token.
import type { PostgrestClient } from '@supabase/postgrest-js';
import type { Backend } from '../../lib/supabase.ts';
import type {
  AdminDatabase,
  AuditRow,
  OrderLineRow,
  OrderStatus,
  RefundRow,
  ShopOrderRow,
} from './types.ts';

/** Orders the list shows per page. */
export const ORDERS_PER_PAGE = 25;

type AdminDb = PostgrestClient<AdminDatabase>;

// The app's client is typed for the storefront's tables; staff read the order records too.
const adminDb = (backend: Backend): AdminDb => backend.db as unknown as AdminDb;

export interface OrderQuery {
  status: OrderStatus | null;
  /** Order number (exact or its start), or part of the email or shipping name, any case. */
  q: string;
}

/**
 * One page of orders, newest first, from `offset`, searched on the server (GET admin-orders), which
 * says whether more follow.
 */
export async function fetchOrders(
  backend: Backend,
  query: OrderQuery,
  offset: number,
): Promise<{ rows: ShopOrderRow[]; more: boolean }> {
  const params = new URLSearchParams({ offset: String(offset), limit: String(ORDERS_PER_PAGE) });
  if (query.status) params.set('status', query.status);
  if (query.q.trim()) params.set('q', query.q.trim());
  const { data, error } = await backend.functions.invoke<unknown>(
    `admin-orders?${params.toString()}`,
    { method: 'GET' },
  );
  if (error) throw error;
  if (!isRecord(data) || !Array.isArray(data.orders)) {
    throw new Error('The server answered without the orders.');
  }
  return { rows: data.orders as ShopOrderRow[], more: data.more === true };
}

export interface OrderDetail {
  order: ShopOrderRow;
  lines: OrderLineRow[];
  refunds: RefundRow[];
  audit: AuditRow[];
}

/** One order with its lines, refunds and audit log; null when there is no such order. */
export async function fetchOrderDetail(
  backend: Backend,
  orderNumber: string,
): Promise<OrderDetail | null> {
  const db = adminDb(backend);
  const found = await db.from('shop_orders').select('*').eq('order_number', orderNumber);
  if (found.error) throw found.error;
  const order = found.data[0];
  if (!order) return null;
  const [lines, refunds, audit] = await Promise.all([
    db.from('orders').select('*').eq('order_id', order.id).order('line_number'),
    db.from('shop_order_refunds').select('*').eq('order_id', order.id).order('created_at'),
    db.from('staff_audit_log').select('*').eq('order_id', order.id).order('at'),
  ]);
  if (lines.error) throw lines.error;
  if (refunds.error) throw refunds.error;
  if (audit.error) throw audit.error;
  return { order, lines: lines.data, refunds: refunds.data, audit: audit.data };
}

/** What a staff action answered: the order after the change, or why it failed. */
export type ActionResult =
  | { ok: true; order: ShopOrderRow }
  | { ok: false; status: number | null; code: string | null; message: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The code and message of a functions error, `{error: code, message}` or `{error: {code, message}}`. */
function errorOf(body: unknown): { code: string | null; message: string | null } {
  if (!isRecord(body)) return { code: null, message: null };
  const inner = isRecord(body.error) ? body.error : body;
  const code = typeof body.error === 'string' ? body.error : inner.code;
  const message = inner.message ?? body.message;
  return {
    code: typeof code === 'string' ? code : null,
    message: typeof message === 'string' ? message : null,
  };
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return null;
  }
}

export type ActionName = 'admin-ship' | 'admin-deliver' | 'admin-cancel' | 'admin-refund';

/** Runs a staff action; the server answers `{ order }` with the order after the change. */
export async function runAction(
  backend: Backend,
  name: ActionName,
  body: Record<string, unknown>,
): Promise<ActionResult> {
  const { data, error } = await backend.functions.invoke<unknown>(name, { body });
  if (!error) {
    if (isRecord(data) && isRecord(data.order)) {
      return { ok: true, order: data.order as unknown as ShopOrderRow };
    }
    return {
      ok: false,
      status: 200,
      code: null,
      message: 'The server answered without the order.',
    };
  }
  const context: unknown = (error as { context?: unknown }).context;
  if (context instanceof Response) {
    const { code, message } = errorOf(await readJson(context));
    return { ok: false, status: context.status, code, message: message ?? error.message };
  }
  return { ok: false, status: null, code: null, message: error.message };
}

/** The orders placed from `from` to `to` (YYYY-MM-DD, inclusive) as the server's CSV file. */
export async function fetchOrdersCsv(
  backend: Backend,
  from: string,
  to: string,
): Promise<{ ok: true; blob: Blob; fileName: string } | { ok: false; message: string }> {
  const params = new URLSearchParams({ from, to });
  const { data, error, response } = await backend.functions.invoke<unknown>(
    `admin-orders-csv?${params.toString()}`,
    { method: 'GET' },
  );
  if (error) {
    const context: unknown = (error as { context?: unknown }).context;
    if (context instanceof Response) {
      return { ok: false, message: errorOf(await readJson(context)).message ?? error.message };
    }
    return { ok: false, message: error.message };
  }
  const disposition = response?.headers.get('Content-Disposition') ?? '';
  const fileName = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? `orders-${from}-${to}.csv`;
  const blob =
    data instanceof Blob
      ? data
      : new Blob([typeof data === 'string' ? data : ''], { type: 'text/csv' });
  return { ok: true, blob, fileName };
}
