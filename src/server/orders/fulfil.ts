import Stripe from 'stripe';
import type { ConfirmCheckoutAnswer, ConfirmStatus } from '../../contracts/index.ts';
import type { Database } from '../db/types.ts';
import { unavailabilityOf } from '../db/unavailable.ts';
import type { Logger } from '../http/logger.ts';
import { orderLinesOf, retrieveSessionWithLines, type OrderLine } from './session-lines.ts';

/** What happened to a checkout session: the confirm-checkout answer both sides share. */
export type FulfilStatus = ConfirmStatus;
export type FulfilOutcome = ConfirmCheckoutAnswer;

export const USER_MISMATCH_WARNING =
  'You are signed in as a different user than the one who started this checkout. The order is saved to the account that started it.';

const FOREIGN_KEY_VIOLATION = '23503';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Writes a session's order rows exactly once: one transaction, keyed by (checkout_session_id,
 * line_number), so replays and concurrent calls (any instance) add nothing. Runs as the server's
 * own role: clients have no insert grant on orders. Resolves the number of rows newly written.
 */
export async function recordOrders(
  db: Database,
  sessionId: string,
  userId: string,
  lines: readonly OrderLine[],
): Promise<number> {
  if (lines.length === 0) return 0;
  const params: unknown[] = [userId, sessionId];
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
    return `($1, $${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}::numeric, $2, $${at + 5}, $${at + 6})`;
  });
  return db.transaction(async (tx) => {
    const result = await tx.query(
      `INSERT INTO public.orders
         (user_id, product_name, selected_color, quantity, price, checkout_session_id, line_number, product_key)
       VALUES ${values.join(', ')}
       ON CONFLICT (checkout_session_id, line_number) DO NOTHING`,
      params,
    );
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
  if (paymentStatus !== 'paid') return { status: 'not_paid', paymentStatus, saved: 0, skipped: 0 };

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

  const { lines, skipped } = orderLinesOf(lineItems);
  if (request.verifyOnly)
    return { status: 'verified', paymentStatus, saved: 0, skipped, ...warning };
  try {
    const inserted = await recordOrders(db, session.id, userId, lines);
    logger.info({ sessionId, inserted, lines: lines.length, skipped }, 'checkout fulfilled');
  } catch (err) {
    // The owner's account was deleted since checkout: nobody to save the order for.
    if ((err as { code?: unknown }).code === FOREIGN_KEY_VIOLATION) {
      logger.warn({ sessionId }, 'the checkout session belongs to a deleted account');
      return { status: 'no_user', paymentStatus, saved: 0, skipped, ...warning };
    }
    // The database away or out of disk: the caller answers 503 and the provider or page retries.
    if (unavailabilityOf(err)) throw err;
    logger.error({ err, sessionId }, 'could not record the orders of a paid checkout session');
    return { status: 'save_failed', paymentStatus, saved: 0, skipped, ...warning };
  }
  const status = skipped > 0 ? 'partially_saved' : 'saved';
  return { status, paymentStatus, saved: lines.length, skipped, ...warning };
}
