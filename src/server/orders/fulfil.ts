import Stripe from 'stripe';
import type { ConfirmCheckoutAnswer, ConfirmStatus, WaitingLine } from '../../contracts/index.ts';
import type { Database } from '../db/types.ts';
import { unavailabilityOf } from '../db/unavailable.ts';
import type { Logger } from '../http/logger.ts';
import { nudgeMailWorkers } from '../mail/worker.ts';
import { queueOrderConfirmation } from './confirmation-mail.ts';
import { readConfirmedOrder } from './read-order.ts';
import { orderLinesOf, retrieveSessionWithLines, type OrderLine } from './session-lines.ts';
import { expectedTotalOf, orderFactsOf, type OrderFacts } from './session-order.ts';
import { takeStock } from './stock.ts';

/** What happened to a checkout session: the confirm-checkout answer both sides share. */
export type FulfilStatus = ConfirmStatus;
export type FulfilOutcome = ConfirmCheckoutAnswer;

export const USER_MISMATCH_WARNING =
  'You are signed in as a different user than the one who started this checkout. The order is saved to the account that started it.';

const FOREIGN_KEY_VIOLATION = '23503';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What recording needs besides the session's facts: where a paid order taking more units than were
 * held is reported, and the site URL the confirmation mail's links start with.
 */
type RecordFacts = OrderFacts & { logger?: Pick<Logger, 'warn'>; siteUrl: string };

/**
 * Writes a session's order and its lines exactly once: one transaction, keyed by the session id
 * (the order) and (checkout_session_id, line_number) (the lines), so replays and concurrent calls
 * (any instance) add nothing. Runs as the server's own role: clients have no insert grant.
 * An owner whose account is gone (deleted since checkout) leaves user_id null: orders outlive
 * accounts (docs/operations.md, Order retention). The confirmation mail is queued in the same
 * transaction, so exactly once per order. Resolves the number of line rows newly written.
 */
export async function recordOrders(
  db: Database,
  sessionId: string,
  userId: string | null,
  lines: readonly OrderLine[],
  facts: RecordFacts,
): Promise<number> {
  if (lines.length === 0) return 0;
  try {
    return await writeOrder(db, sessionId, userId, lines, facts);
  } catch (err) {
    // The account was deleted between the lookup and the write: record the order without it.
    if ((err as { code?: unknown }).code !== FOREIGN_KEY_VIOLATION || userId === null) throw err;
    return writeOrder(db, sessionId, null, lines, facts);
  }
}

/**
 * What the order waits for (shop_orders.waits_for): each pre-order or group buy sold, once per
 * product, since a product's colours share one window.
 */
function waitsForOf(lines: readonly OrderLine[]): WaitingLine[] {
  const byKey = new Map<string, WaitingLine>();
  for (const line of lines) {
    if (line.waiting && !byKey.has(line.waiting.productKey)) {
      byKey.set(line.waiting.productKey, line.waiting);
    }
  }
  return [...byKey.values()];
}

async function writeOrder(
  db: Database,
  sessionId: string,
  userId: string | null,
  lines: readonly OrderLine[],
  facts: RecordFacts,
): Promise<number> {
  const subtotalCents = lines.reduce((sum, line) => sum + line.unitAmountCents * line.quantity, 0);
  const shippingCents = facts.shippingCents ?? 0;
  // What the provider charged is the total a refund is capped by; a session without one (never
  // from the provider, but from callers that know only the lines) totals its parts as before.
  const totalCents = facts.amountTotalCents ?? subtotalCents + shippingCents;
  const params: unknown[] = [sessionId];
  const values = lines.map((line) => {
    const at = params.length;
    params.push(
      line.productName,
      line.selectedColor,
      line.quantity,
      // Dollars only at the edge: exact text from integer cents, never a float.
      (line.unitAmountCents / 100).toFixed(2),
      line.lineNumber,
      line.productKey,
    );
    return `($user_id, $${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}::numeric, $1, $${at + 5}, $${at + 6}, $order_id)`;
  });
  return db.transaction(async (tx) => {
    // A concurrent call with the same session waits here for the first to commit, then finds it.
    const order = await tx.query<{ id: string; user_id: string | null; email: string | null }>(
      `WITH owner AS (SELECT u.id, u.email FROM auth.users u WHERE u.id = $2::uuid)
       INSERT INTO public.shop_orders
         (checkout_session_id, user_id, email, subtotal_cents, shipping_cents, total_cents,
          shipping_method, shipping_rate, shipping_name, shipping_address, payment_intent,
          discount_code, discount_cents, tax_cents, tax_inclusive, tax_label, waits_for)
       SELECT $1, (SELECT id FROM owner), coalesce($3, (SELECT email FROM owner)),
         $4::int, $5::int, $11::int,
         $6, $7, $8, $9::jsonb, $10,
         $12, $13::int, $14::int, $15::boolean, $16, $17::jsonb
       ON CONFLICT (checkout_session_id) DO NOTHING
       RETURNING id::text, user_id, email`,
      [
        sessionId,
        userId,
        facts.email ?? null,
        subtotalCents,
        shippingCents,
        facts.shippingMethod ?? null,
        facts.shippingRate ?? null,
        facts.shippingName ?? null,
        facts.shippingAddress ? JSON.stringify(facts.shippingAddress) : null,
        facts.paymentIntent ?? null,
        totalCents,
        facts.discountCode ?? null,
        facts.discountCents ?? 0,
        facts.taxCents ?? 0,
        facts.taxInclusive ?? false,
        facts.taxLabel ?? null,
        JSON.stringify(waitsForOf(lines)),
      ],
    );
    const row = order.rows[0];
    if (row === undefined) return 0;
    params.push(row.user_id, row.id);
    const userParam = `$${params.length - 1}::uuid`;
    const orderParam = `$${params.length}::bigint`;
    const result = await tx.query(
      `INSERT INTO public.orders
         (user_id, product_name, selected_color, quantity, price, checkout_session_id, line_number, product_key, order_id)
       VALUES ${values.map((v) => v.replace('$user_id', userParam).replace('$order_id', orderParam)).join(', ')}
       ON CONFLICT (checkout_session_id, line_number) DO NOTHING`,
      params,
    );
    await takeStock(tx, sessionId, row.id, lines, facts.logger);
    await queueOrderConfirmation(tx, sessionId, row.email, facts.siteUrl);
    return result.rowCount;
  });
}

export interface FulfilRequest {
  db: Database;
  stripe: Stripe;
  logger: Logger;
  sessionId: string;
  /** The verified user of the request, if any (the webhook has none). */
  signedInUserId?: string | undefined;
  /** Check only (paid, items, owner); write nothing. */
  verifyOnly?: boolean;
  /** Where the confirmation mail's links point (config.siteUrl). */
  siteUrl: string;
}

/**
 * The one fulfilment of a Checkout Session, shared by the success page's confirm call and the
 * webhook: retrieve it from the provider, check it is paid, find its owner, record its lines once.
 * The owner is the user the server put in metadata.userId at checkout (the only one the webhook
 * knows, so whichever call comes first records the same rows); the signed-in user stands in only
 * when the metadata has none, and a mismatch only adds a warning.
 */
export async function fulfilCheckout(request: FulfilRequest): Promise<FulfilOutcome> {
  const { db, stripe, logger, sessionId } = request;
  let retrieved: Awaited<ReturnType<typeof retrieveSessionWithLines>>;
  try {
    retrieved = await retrieveSessionWithLines(stripe, sessionId);
  } catch (err) {
    if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') {
      return { status: 'not_paid', paymentStatus: 'not_found', saved: 0, skipped: 0 };
    }
    logger.error({ err, sessionId }, 'could not retrieve the checkout session');
    const message =
      err instanceof Error && err.message ? err.message : 'the payment provider did not answer';
    return { status: 'error', paymentStatus: null, saved: 0, skipped: 0, message };
  }
  const { session, lineItems } = retrieved;
  const paymentStatus = session.payment_status;
  // A session discounted to nothing completes with no payment at all (no payment intent): the
  // order is as paid as any other.
  if (paymentStatus !== 'paid' && paymentStatus !== 'no_payment_required') {
    return { status: 'not_paid', paymentStatus, saved: 0, skipped: 0 };
  }

  const metadataUser = session.metadata?.userId;
  const ownerFromMetadata = metadataUser && UUID.test(metadataUser) ? metadataUser : undefined;
  const userId = ownerFromMetadata ?? request.signedInUserId;
  const mismatch =
    ownerFromMetadata !== undefined &&
    request.signedInUserId !== undefined &&
    ownerFromMetadata !== request.signedInUserId;
  const warning = mismatch ? { warning: USER_MISMATCH_WARNING } : {};
  if (mismatch) {
    logger.warn({ sessionId, signedInUserId: request.signedInUserId }, 'checkout user mismatch');
  }
  if (!userId) return { status: 'no_user', paymentStatus, saved: 0, skipped: 0, ...warning };
  if (lineItems.length === 0) {
    return { status: 'no_items', paymentStatus, saved: 0, skipped: 0, ...warning };
  }

  const { lines, skipped } = await orderLinesOf(db, lineItems);
  if (request.verifyOnly)
    return { status: 'verified', paymentStatus, saved: 0, skipped, ...warning };
  const facts = orderFactsOf(session);
  const subtotalCents = lines.reduce((sum, line) => sum + line.unitAmountCents * line.quantity, 0);
  const expectedTotal = expectedTotalOf(subtotalCents, facts);
  if (skipped === 0 && facts.amountTotalCents != null && facts.amountTotalCents !== expectedTotal) {
    logger.warn(
      {
        sessionId,
        subtotalCents,
        discountCents: facts.discountCents,
        addedTaxCents: facts.addedTaxCents,
        shippingCents: facts.shippingCents,
        amountTotal: facts.amountTotalCents,
      },
      'checkout: subtotal − discount + added tax + shipping differs from the amount the provider charged',
    );
  }
  let order: Awaited<ReturnType<typeof readConfirmedOrder>>;
  try {
    const inserted = await recordOrders(db, session.id, userId, lines, {
      ...facts,
      logger,
      siteUrl: request.siteUrl,
    });
    logger.info({ sessionId, inserted, lines: lines.length, skipped }, 'checkout fulfilled');
    // A new order queued its confirmation: send it now rather than at the next poll.
    if (inserted > 0) nudgeMailWorkers();
    order = await readConfirmedOrder(db, session.id);
  } catch (err) {
    // The database away or out of disk: the caller answers 503 and the provider or page retries.
    if (unavailabilityOf(err)) throw err;
    logger.error({ err, sessionId }, 'could not record the orders of a paid checkout session');
    return { status: 'save_failed', paymentStatus, saved: 0, skipped, ...warning };
  }
  const status = skipped > 0 ? 'partially_saved' : 'saved';
  return {
    status,
    paymentStatus,
    saved: lines.length,
    skipped,
    ...warning,
    ...(order ? { order } : {}),
  };
}
