import { generateSandboxKeys } from '../../payments-sandbox/index.ts';
import type { Queryable } from '../db/types.ts';

export interface SandboxKeys {
  secretKey: string;
  webhookSecret: string;
}

/**
 * The payments sandbox's keys: generated on the database's first start and stored in
 * keebshop.payments_sandbox_keys, so restarts and several instances on one database agree.
 */
export async function loadSandboxKeys(db: Queryable): Promise<SandboxKeys> {
  const fresh = generateSandboxKeys();
  // Two instances starting together both try; the singleton key keeps the first.
  await db.query(
    `INSERT INTO keebshop.payments_sandbox_keys (secret_key, webhook_secret) VALUES ($1, $2)
     ON CONFLICT (singleton) DO NOTHING`,
    [fresh.secretKey, fresh.webhookSecret],
  );
  const { rows } = await db.query<{ secret_key: string; webhook_secret: string }>(
    'SELECT secret_key, webhook_secret FROM keebshop.payments_sandbox_keys',
  );
  const row = rows[0];
  if (!row) throw new Error('the payments sandbox keys could not be stored');
  return { secretKey: row.secret_key, webhookSecret: row.webhook_secret };
}
