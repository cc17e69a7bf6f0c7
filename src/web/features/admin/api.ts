// The back office's data calls: reads through the data API (row-level security lets staff see
// every order) and the staff actions through /functions/v1, both with the signed-in staff token.
import {
  adminCancelFunction,
  adminDeliverFunction,
  adminRefundFunction,
  adminShipFunction,
} from '../../../contracts/functions/admin-actions.ts';
import { adminOrdersCsvFunction } from '../../../contracts/functions/admin-orders-csv.ts';
import { adminOrdersFunction } from '../../../contracts/functions/admin-orders.ts';
import { type RequestOf } from '../../../contracts/functions/contract.ts';
import { type OrderStatus } from '../../../contracts/functions/order.ts';
import { staffOrderSchema, type StaffOrder } from '../../../contracts/functions/staff-order.ts';
import { callFunction, type FunctionFailure } from '../../lib/functions.ts';
import type { Backend } from '../../lib/supabase.ts';
import type { AuditRow, OrderLineRow, RefundRow } from './types.ts';

/** Orders the list shows per page. */
export const ORDERS_PER_PAGE = 25;

/** Said when the order row does not read as the staff functions' order (staff-order.ts). */
const UNREADABLE_ORDER = 'The server answered with an order this page cannot read.';

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
): Promise<{ rows: StaffOrder[]; more: boolean }> {
  const result = await callFunction(backend.functions, adminOrdersFunction, {
    status: query.status ?? undefined,
    q: query.q.trim(),
    offset,
    limit: ORDERS_PER_PAGE,
  });
  if (!result.ok) throw new Error(result.message);
  return { rows: result.answer.orders, more: result.answer.more };
}

export interface OrderDetail {
  order: StaffOrder;
  lines: OrderLineRow[];
  refunds: RefundRow[];
  audit: AuditRow[];
}

/** One order with its lines, refunds and audit log; null when there is no such order. */
export async function fetchOrderDetail(
  backend: Backend,
  orderNumber: string,
): Promise<OrderDetail | null> {
  const { db } = backend;
  const found = await db.from('shop_orders').select('*').eq('order_number', orderNumber);
  if (found.error) throw found.error;
  const row = found.data[0];
  if (!row) return null;
  // The table types status as text and the address as Json: read the row as the functions' order.
  const parsed = staffOrderSchema.safeParse(row);
  if (!parsed.success) throw new Error(UNREADABLE_ORDER);
  const order = parsed.data;
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
export type ActionResult = { ok: true; order: StaffOrder } | FunctionFailure;

const ACTIONS = {
  'admin-ship': adminShipFunction,
  'admin-deliver': adminDeliverFunction,
  'admin-cancel': adminCancelFunction,
  'admin-refund': adminRefundFunction,
};

export type ActionName = keyof typeof ACTIONS;
/** What an action sends: its contract's request. */
export type ActionRequest<N extends ActionName> = RequestOf<(typeof ACTIONS)[N]>;

/** Runs a staff action; the server answers `{ order }` with the order after the change. */
export async function runAction<N extends ActionName>(
  backend: Backend,
  name: N,
  request: ActionRequest<N>,
): Promise<ActionResult> {
  const result = await callFunction(backend.functions, ACTIONS[name], request);
  return result.ok ? { ok: true, order: result.answer.order } : result;
}

/** The orders placed from `from` to `to` (YYYY-MM-DD, inclusive) as the server's CSV file. */
export async function fetchOrdersCsv(
  backend: Backend,
  from: string,
  to: string,
): Promise<{ ok: true; blob: Blob; fileName: string } | { ok: false; message: string }> {
  const result = await callFunction(backend.functions, adminOrdersCsvFunction, { from, to });
  if (!result.ok) return { ok: false, message: result.message };
  const disposition = result.response?.headers.get('Content-Disposition') ?? '';
  const fileName = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? `orders-${from}-${to}.csv`;
  return { ok: true, blob: new Blob([result.answer], { type: 'text/csv' }), fileName };
}
