// The refunds after a crash run: what the provider (the payments sandbox, as it keeps its state in
// the shop's database) refunded against what the shop recorded. For every order: refunded_cents is
// the sum of its shop_order_refunds rows and the provider's refunded amount, each provider refund
// is recorded exactly once on its order, nothing is refunded beyond the charge, the status is
// 'refunded' exactly when all of it is (cancelled orders are refunded in full too), and cancelled
// orders have had their stock returned once.
import { DEFAULT_ON_HAND } from '../../../src/server/orders/index.ts';
import { queryRows, type DatabaseSource } from './reconcile.ts';

interface ProviderIntent {
  id: string;
  amount: number;
  refunds?: { id: string; amount: number }[];
}

interface Order {
  id: number;
  order_number: string;
  status: string;
  total_cents: number;
  refunded_cents: number;
  payment_intent: string | null;
}

interface Snapshot {
  intents: ProviderIntent[] | null;
  orders: Order[] | null;
  refunds: { order_id: number; provider_refund_id: string; amount_cents: number }[] | null;
  /** The staff actions' audit rows naming a refund: did the action's transaction record it? */
  actions: { refund_id: string; delta: number }[] | null;
  stock: { product_key: string; color: string; on_hand: number }[] | null;
  taken: { order_id: number; product_key: string; color: string; quantity: number }[] | null;
  returns: number[] | null;
}

const SNAPSHOT_SQL = `SELECT
  (SELECT json_agg(record -> 'paymentIntent') FROM keebshop.sandbox_sessions
     WHERE jsonb_typeof(record -> 'paymentIntent') = 'object') AS intents,
  (SELECT json_agg(json_build_object('id', id, 'order_number', order_number, 'status', status,
     'total_cents', total_cents, 'refunded_cents', refunded_cents,
     'payment_intent', payment_intent)) FROM public.shop_orders) AS orders,
  (SELECT json_agg(json_build_object('order_id', order_id,
     'provider_refund_id', provider_refund_id, 'amount_cents', amount_cents))
     FROM public.shop_order_refunds) AS refunds,
  (SELECT json_agg(json_build_object('refund_id', after ->> 'refund_id',
     'delta', (after ->> 'refunded_cents')::int - (before ->> 'refunded_cents')::int))
     FROM public.staff_audit_log
     WHERE action IN ('refund', 'cancel') AND after ->> 'refund_id' IS NOT NULL) AS actions,
  (SELECT json_agg(json_build_object('product_key', product_key, 'color', color,
     'on_hand', on_hand)) FROM public.stock) AS stock,
  (SELECT json_agg(json_build_object('order_id', order_id, 'product_key', product_key,
     'color', color, 'quantity', quantity)) FROM public.stock_holds
     WHERE state = 'taken') AS taken,
  (SELECT json_agg(order_id) FROM public.stock_returns) AS returns`;

export interface RefundReconciliation {
  providerRefunds: number;
  providerCents: number;
  recordedByAction: number;
  recordedByWebhook: number;
  refundedOrders: number;
  partlyRefunded: number;
  cancelledOrders: number;
  problems: string[];
}

/**
 * Compares the provider's refunds with the shop's orders, refunds and stock, and with what staff
 * asked for (`expected`, per order number: a retried action must not refund twice).
 */
export async function reconcileRefunds(
  source: DatabaseSource,
  expected: ReadonlyMap<string, number | 'all'> = new Map(),
): Promise<RefundReconciliation> {
  const [snap] = await queryRows<Snapshot>(source, SNAPSHOT_SQL);
  const intents = snap?.intents ?? [];
  const orders = snap?.orders ?? [];
  const refunds = snap?.refunds ?? [];
  const problems: string[] = [];
  const intentById = new Map(intents.map((pi) => [pi.id, pi]));
  const rowsByRefund = new Map<string, typeof refunds>();
  for (const row of refunds) {
    rowsByRefund.set(row.provider_refund_id, [
      ...(rowsByRefund.get(row.provider_refund_id) ?? []),
      row,
    ]);
  }
  const orderByIntent = new Map(orders.map((o) => [o.payment_intent, o]));
  const providerRefunds = intents.flatMap((pi) => (pi.refunds ?? []).map((r) => ({ pi, r })));

  for (const { pi, r } of providerRefunds) {
    const rows = rowsByRefund.get(r.id) ?? [];
    const order = orderByIntent.get(pi.id);
    if (rows.length !== 1) problems.push(`refund ${r.id}: recorded ${rows.length} times`);
    else if (rows[0]!.order_id !== order?.id || rows[0]!.amount_cents !== r.amount) {
      problems.push(
        `refund ${r.id}: recorded as ${rows[0]!.amount_cents} on order ${rows[0]!.order_id}, provider ${r.amount} for ${order?.order_number}`,
      );
    }
  }
  const known = new Set(providerRefunds.map(({ r }) => r.id));
  for (const row of refunds.filter((x) => !known.has(x.provider_refund_id))) {
    problems.push(`refund ${row.provider_refund_id}: recorded but unknown to the provider`);
  }

  for (const order of orders) {
    const what = `order ${order.order_number} (${order.status})`;
    const recorded = refunds
      .filter((x) => x.order_id === order.id)
      .reduce((sum, x) => sum + x.amount_cents, 0);
    const pi = order.payment_intent ? intentById.get(order.payment_intent) : undefined;
    const provider = (pi?.refunds ?? []).reduce((sum, r) => sum + r.amount, 0);
    if (order.refunded_cents !== recorded || order.refunded_cents !== provider) {
      problems.push(
        `${what}: refunded_cents ${order.refunded_cents}, rows ${recorded}, provider ${provider}`,
      );
    }
    if (provider > (pi?.amount ?? 0) || order.refunded_cents > order.total_cents) {
      problems.push(
        `${what}: refunded ${provider} of a charge of ${pi?.amount}, total ${order.total_cents}`,
      );
    }
    const asked = expected.get(order.order_number) ?? 0;
    if (provider !== (asked === 'all' ? order.total_cents : asked)) {
      problems.push(`${what}: provider refunded ${provider}, staff asked for ${asked}`);
    }
    const full = order.refunded_cents === order.total_cents;
    if ((order.status === 'refunded') !== (full && order.status !== 'cancelled')) {
      problems.push(`${what}: refunded ${order.refunded_cents} of ${order.total_cents}`);
    }
    if (order.status === 'cancelled' && !full) {
      problems.push(
        `${what}: cancelled with ${order.refunded_cents} of ${order.total_cents} refunded`,
      );
    }
  }
  problems.push(...checkStock(snap, orders));

  // The action's audit row shows whether its own transaction recorded the refund (refunded_cents
  // went up), or found it recorded already by the charge.refunded webhook.
  const byAction = new Set(
    (snap?.actions ?? []).filter((a) => a.delta > 0).map((a) => a.refund_id),
  );
  const recordedByAction = providerRefunds.filter(({ r }) => byAction.has(r.id)).length;
  return {
    providerRefunds: providerRefunds.length,
    providerCents: providerRefunds.reduce((sum, { r }) => sum + r.amount, 0),
    recordedByAction,
    recordedByWebhook: providerRefunds.length - recordedByAction,
    refundedOrders: orders.filter((o) => o.status === 'refunded').length,
    partlyRefunded: orders.filter((o) => o.refunded_cents > 0 && o.refunded_cents < o.total_cents)
      .length,
    cancelledOrders: orders.filter((o) => o.status === 'cancelled').length,
    problems,
  };
}

/**
 * Cancelled orders, and only they, have a stock return; every product and colour has its starting
 * units less what orders took, plus what cancelled orders gave back (no staff edit in a crash run).
 */
function checkStock(snap: Snapshot | undefined, orders: Order[]): string[] {
  const problems: string[] = [];
  const returned = new Set((snap?.returns ?? []).map(Number));
  const cancelled = new Set(orders.filter((o) => o.status === 'cancelled').map((o) => o.id));
  for (const id of cancelled)
    if (!returned.has(id)) problems.push(`order ${id}: cancelled, stock not returned`);
  for (const id of returned)
    if (!cancelled.has(id)) problems.push(`order ${id}: stock returned, not cancelled`);
  const expected = new Map<string, number>();
  for (const hold of snap?.taken ?? []) {
    const key = `${hold.product_key}/${hold.color}`;
    const back = returned.has(Number(hold.order_id)) ? 0 : hold.quantity;
    expected.set(key, (expected.get(key) ?? DEFAULT_ON_HAND) - back);
  }
  for (const row of snap?.stock ?? []) {
    const key = `${row.product_key}/${row.color}`;
    const want = Math.max(0, expected.get(key) ?? DEFAULT_ON_HAND);
    if (row.on_hand !== want)
      problems.push(`stock ${key}: on hand ${row.on_hand}, expected ${want}`);
  }
  return problems;
}
