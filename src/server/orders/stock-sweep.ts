import type { Queryable } from '../db/types.ts';
import type { Logger } from '../http/logger.ts';
import { sweepExpiredHolds } from './stock.ts';

/** How often expired holds whose session's expired event never came are released. */
export const SWEEP_INTERVAL_MS = 60_000;

/**
 * Releases expired stock holds now and then every minute (docs/decisions/0025-stock-holds.md),
 * for sessions whose expired event was missed. Resolves after the first sweep; stop() ends it.
 */
export async function startStockSweep(
  db: Queryable,
  logger: Pick<Logger, 'info' | 'warn'>,
): Promise<{ stop(): void }> {
  const sweep = async () => {
    try {
      const released = await sweepExpiredHolds(db);
      if (released > 0) logger.info({ released }, 'stock: released expired holds');
    } catch (err) {
      logger.warn({ err }, 'stock: could not sweep expired holds; trying again in a minute');
    }
  };
  await sweep();
  const timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
