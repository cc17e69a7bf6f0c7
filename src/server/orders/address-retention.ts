import type { Queryable } from '../db/types.ts';
import type { Logger } from '../http/logger.ts';
import { ORDER_EVENTS, SETTLED_STATUSES } from './lifecycle.ts';

/** How often the erasure runs after the first, at start. */
export const ADDRESS_RETENTION_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The retention rule for addresses (docs/operations.md, Order retention): an order delivered,
 * cancelled or refunded in full more than `days` days before `now` loses its shipping name and
 * address, and its email too once its account is gone. Amounts, lines, number and payment
 * reference stay. Idempotent, so every instance may run it. Resolves the orders erased.
 */
export async function eraseExpiredAddresses(
  db: Queryable,
  days: number,
  now: Date,
): Promise<number> {
  const erased = await db.query(
    `UPDATE public.shop_orders
     SET shipping_name = NULL, shipping_address = NULL,
       email = CASE WHEN user_id IS NULL THEN NULL ELSE email END,
       address_erased_at = $1::timestamptz, updated_at = $1::timestamptz
     WHERE address_erased_at IS NULL
       AND coalesce(delivered_at, cancelled_at, CASE WHEN status = $4 THEN updated_at END)
         <= $1::timestamptz - make_interval(days => $2::int)
       AND status = ANY($3::text[])`,
    [now.toISOString(), days, SETTLED_STATUSES, ORDER_EVENTS.refund.to],
  );
  // An account deleted after its order's address was erased: the email goes now.
  await db.query(
    `UPDATE public.shop_orders SET email = NULL, updated_at = $1::timestamptz
     WHERE user_id IS NULL AND address_erased_at IS NOT NULL AND email IS NOT NULL`,
    [now.toISOString()],
  );
  return erased.rowCount;
}

export interface AddressRetentionOptions {
  db: Queryable;
  days: number;
  logger: Logger;
  /** The clock; tests move it. */
  now?: () => Date;
  intervalMs?: number;
}

/** Runs the erasure at once and then every hour, until stopped; failures are logged and retried. */
export function startAddressRetention(options: AddressRetentionOptions): {
  stop(): Promise<void>;
} {
  const now = options.now ?? (() => new Date());
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const run = () => {
    running = running.then(async () => {
      if (stopped) return;
      try {
        const erased = await eraseExpiredAddresses(options.db, options.days, now());
        if (erased > 0) options.logger.info({ erased }, 'order addresses erased (retention)');
      } catch (err) {
        options.logger.warn({ err }, 'order address erasure failed; retrying at the next run');
      }
    });
  };
  run();
  const timer = setInterval(run, options.intervalMs ?? ADDRESS_RETENTION_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
