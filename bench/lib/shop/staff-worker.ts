// A staff member in the crash run: an account granted the role with the shop's own CLI
// (scripts/staff.ts, through the running shop's control socket or its DATA_DIR), and a worker that
// refunds paid orders (some in part, some in full) and cancels some while the server is killed
// under it. Each action is retried across kills; after a cut-off request the order is read again
// first, so an action that took effect before the kill is not sent twice.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { retryUntil, Shopper, type ShopperOptions } from './client.ts';

const run = promisify(execFile);

/** Signs an account up, grants it the staff role with `scripts/staff.ts add`, signs it in. */
export async function staffAccount(
  options: ShopperOptions,
  dataDir: string,
  deadline: number,
  { label = 'crash-staff', databaseUrl = '' }: { label?: string; databaseUrl?: string } = {},
): Promise<Shopper> {
  const staff = new Shopper(options);
  const email = `${label}-${Date.now()}@example.com`;
  await retryUntil(deadline, () => staff.signUp(email, 'crash staff password'));
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'scripts/staff.ts', 'add', email],
    { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl } },
  );
  if (!stdout.includes('is now staff')) throw new Error(`staff add: ${stdout}`);
  await retryUntil(deadline, () => staff.logIn(email, 'crash staff password'));
  const payload = staff.accessToken?.split('.')[1] ?? '';
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
    app_metadata?: { role?: string };
  };
  if (claims.app_metadata?.role !== 'staff') throw new Error('the staff token has no staff role');
  return staff;
}

interface OrderView {
  order_number: string;
  status: string;
  total_cents: number;
  refunded_cents: number;
}

export type StaffAction =
  | { kind: 'refund'; orderNumber: string; amountCents: number }
  | { kind: 'cancel'; orderNumber: string };

/** What the worker saw; `failures` are outcomes the shop must never give. */
export interface StaffCounts {
  attempted: number;
  succeeded: number;
  /** Actions with a request cut off by a kill (then read again and, if needed, sent again). */
  interrupted: number;
  /** Cut off, and the order showed the change when read again: it took effect before the kill. */
  appliedBeforeKill: number;
  /** 409: another action, or the webhook, changed the order first. */
  conflicts: number;
  /** 400 because less is left to refund than asked (a refund recorded meanwhile). */
  tooMuch: number;
  unavailable: number;
  cancels: number;
  failures: string[];
  /**
   * What each order should have had refunded by the worker's own actions, the only ones in the
   * run: the sum of its refunds that succeeded or took effect, or 'all' once cancelled.
   */
  expected: Map<string, number | 'all'>;
}

/** Staff's view of orders with `status` (the data API, with the staff token). */
async function ordersWith(staff: Shopper, status: string): Promise<OrderView[]> {
  const { text } = await staff.request(
    'GET /rest/v1/shop_orders (staff)',
    staff.url(
      `/rest/v1/shop_orders?select=order_number,status,total_cents,refunded_cents&status=eq.${status}`,
    ),
    { headers: staff.headers() },
  );
  return JSON.parse(text) as OrderView[];
}

async function orderByNumber(staff: Shopper, orderNumber: string): Promise<OrderView | undefined> {
  const { text } = await staff.request(
    'GET /rest/v1/shop_orders (staff)',
    staff.url(
      `/rest/v1/shop_orders?select=order_number,status,total_cents,refunded_cents&order_number=eq.${orderNumber}`,
    ),
    { headers: staff.headers() },
  );
  return (JSON.parse(text) as OrderView[])[0];
}

/** One of: a full refund, a part, or (one in five) a cancel of what is left. */
export function chooseAction(order: OrderView, random = Math.random): StaffAction {
  const left = order.total_cents - order.refunded_cents;
  const roll = random();
  if (roll < 0.2) return { kind: 'cancel', orderNumber: order.order_number };
  const partial = roll < 0.6 && left > 1;
  const amountCents = partial ? 1 + Math.floor(random() * (left - 1)) : left;
  return { kind: 'refund', orderNumber: order.order_number, amountCents };
}

type Sent = 'done' | 'conflict' | 'too_much' | 'unavailable';

/** Sends the action once; throws on a cut-off request (retried), resolves its outcome otherwise. */
async function send(staff: Shopper, action: StaffAction, counts: StaffCounts): Promise<Sent> {
  const name = action.kind === 'refund' ? 'admin-refund' : 'admin-cancel';
  const body =
    action.kind === 'refund'
      ? { orderNumber: action.orderNumber, amountCents: action.amountCents }
      : { orderNumber: action.orderNumber };
  const { status, text } = await staff.request(
    `POST /functions/v1/${name}`,
    staff.url(`/functions/v1/${name}`),
    {
      method: 'POST',
      headers: { ...staff.headers(), 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      expect: [200, 400, 409, 502, 503],
    },
  );
  if (status === 200) return 'done';
  // The provider turned the refund down: it and the shop disagree on what is left to refund.
  if (status === 409 && text.includes('refund_refused')) {
    counts.failures.push(`${name} ${action.orderNumber}: 409 ${text.slice(0, 200)}`);
    return 'conflict';
  }
  if (status === 409) {
    // The worker is the only staff member: a cancel finding its order refunded in full lost it
    // to the charge.refunded webhook of its own refund, and the order is never cancelled.
    if (action.kind === 'cancel' && text.includes('is refunded')) {
      counts.failures.push(`admin-cancel ${action.orderNumber}: 409 ${text.slice(0, 160)}`);
    }
    return 'conflict';
  }
  if (status === 503) return 'unavailable';
  if (status === 400 && text.includes('left to refund')) return 'too_much';
  counts.failures.push(`${name} ${action.orderNumber}: HTTP ${status} ${text.slice(0, 200)}`);
  return 'conflict';
}

/** Whether `after` shows `action` taken on `before` (as far as the order row can say). */
function tookEffect(action: StaffAction, before: OrderView, after: OrderView | undefined): boolean {
  if (!after) return false;
  if (action.kind === 'cancel') return after.status === 'cancelled';
  return after.refunded_cents !== before.refunded_cents || after.status !== before.status;
}

/** Runs one action to an outcome across kills. */
async function act(
  staff: Shopper,
  order: OrderView,
  action: StaffAction,
  counts: StaffCounts,
  deadline: number,
): Promise<void> {
  counts.attempted += 1;
  if (action.kind === 'cancel') counts.cancels += 1;
  let cutOff = false;
  const outcome = await retryUntil(deadline, async () => {
    if (cutOff && tookEffect(action, order, await orderByNumber(staff, action.orderNumber))) {
      return 'applied' as const;
    }
    try {
      const sent = await send(staff, action, counts);
      if (sent === 'unavailable') {
        counts.unavailable += 1;
        throw new Error('503: try again');
      }
      return sent;
    } catch (err) {
      if (!cutOff && !(err instanceof Error && err.message.startsWith('503'))) {
        cutOff = true;
        counts.interrupted += 1;
      }
      throw err;
    }
  });
  if (outcome === 'done' || outcome === 'applied') {
    const had = counts.expected.get(action.orderNumber) ?? 0;
    counts.expected.set(
      action.orderNumber,
      action.kind === 'cancel' || had === 'all' ? 'all' : had + action.amountCents,
    );
  }
  if (outcome === 'done') counts.succeeded += 1;
  else if (outcome === 'applied') counts.appliedBeforeKill += 1;
  else if (outcome === 'conflict') counts.conflicts += 1;
  else counts.tooMuch += 1;
}

/**
 * Until `stop()` says so (and at least `minimum` actions were made, or `deadline`), picks a paid
 * order and refunds or cancels it, `pauseMs` apart on average.
 */
export async function runStaffWorker(
  staff: Shopper,
  options: { stop: () => boolean; minimum: number; pauseMs: number; deadline: number },
): Promise<StaffCounts> {
  const counts: StaffCounts = {
    attempted: 0,
    succeeded: 0,
    interrupted: 0,
    appliedBeforeKill: 0,
    conflicts: 0,
    tooMuch: 0,
    unavailable: 0,
    cancels: 0,
    failures: [],
    expected: new Map(),
  };
  while (
    !(options.stop() && counts.attempted >= options.minimum) &&
    Date.now() < options.deadline
  ) {
    await new Promise((r) => setTimeout(r, Math.random() * 2 * options.pauseMs));
    const paid = await retryUntil(options.deadline, () => ordersWith(staff, 'paid'));
    const order = paid[Math.floor(Math.random() * paid.length)];
    if (!order) {
      if (options.stop()) break; // nothing left to refund
      continue;
    }
    await act(staff, order, chooseAction(order), counts, options.deadline);
  }
  return counts;
}
