// Reading and changing one order as staff: the row locked for the change, the answer as the data
// API shows it, and the audit log row written in the same transaction (docs/product.md, Back
// office).
import { staffOrderSchema, type StaffOrder } from '../../contracts/index.ts';
import type { Queryable } from '../db/types.ts';
import { OrderError } from './errors.ts';
import type { OrderStatus } from './lifecycle.ts';

/** The staff member acting: from their verified access token. */
export interface StaffActor {
  id: string;
  email: string;
}

/** The columns of public.shop_orders the actions read. */
export interface LockedOrder {
  id: number;
  order_number: string;
  status: OrderStatus;
  total_cents: number;
  refunded_cents: number;
  payment_intent: string | null;
  carrier: string | null;
  tracking_number: string | null;
  shipped_at: string | null;
  delivered_at: string | null;
  cancelled_at: string | null;
}

const LOCKED_COLUMNS = `id::int AS id, order_number, status, total_cents, refunded_cents, payment_intent,
  carrier, tracking_number, shipped_at, delivered_at, cancelled_at`;

/**
 * The order numbered `orderNumber`, its row locked until the transaction ends, so a concurrent
 * action on it waits and then sees this one's result. Unknown: OrderError order_not_found.
 */
export async function lockOrder(tx: Queryable, orderNumber: string): Promise<LockedOrder> {
  const { rows } = await tx.query<LockedOrder>(
    `SELECT ${LOCKED_COLUMNS} FROM public.shop_orders WHERE order_number = $1 FOR UPDATE`,
    [orderNumber],
  );
  const order = rows[0];
  if (!order) throw new OrderError('order_not_found', `No order ${orderNumber}.`);
  return order;
}

/** The same, by id (the order a provider's payment intent belongs to). */
export async function lockOrderById(tx: Queryable, id: number): Promise<LockedOrder> {
  const { rows } = await tx.query<LockedOrder>(
    `SELECT ${LOCKED_COLUMNS} FROM public.shop_orders WHERE id = $1 FOR UPDATE`,
    [id],
  );
  if (!rows[0]) throw new Error(`order ${id} vanished`);
  return rows[0];
}

/**
 * An order row from `to_json(s)::text`, as the staff functions answer it: parsed with the
 * contract's schema, so a column that changed shape fails here, not in the back office's page.
 */
export function staffOrderOf(json: string): StaffOrder {
  return staffOrderSchema.parse(JSON.parse(json));
}

/** The order's row as the data API returns it (GET /rest/v1/shop_orders). */
export async function orderJson(tx: Queryable, id: number): Promise<StaffOrder> {
  const { rows } = await tx.query<{ order: string }>(
    'SELECT to_json(s)::text AS order FROM public.shop_orders s WHERE s.id = $1',
    [id],
  );
  return staffOrderOf(rows[0]?.order ?? 'null');
}

type Snapshot = Record<string, unknown>;

/** The fields an action changes, before or after it. */
export function snapshot(order: LockedOrder, fields: readonly (keyof LockedOrder)[]): Snapshot {
  return Object.fromEntries(fields.map((f) => [f, order[f]]));
}

/** One row of public.staff_audit_log; `actor` null for a change the provider reported. */
export async function writeAudit(
  tx: Queryable,
  entry: {
    actor: StaffActor | null;
    action: string;
    orderId: number;
    before: Snapshot;
    after: Snapshot;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO public.staff_audit_log (staff_id, staff_email, action, order_id, before, after)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb)`,
    [
      entry.actor?.id ?? null,
      entry.actor?.email ?? null,
      entry.action,
      entry.orderId,
      JSON.stringify(entry.before),
      JSON.stringify(entry.after),
    ],
  );
}
