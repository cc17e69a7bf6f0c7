import { existsSync, renameSync } from 'node:fs';
import path from 'node:path';
import { readStoreDirectory } from '../../payments-sandbox/index.ts';
import type { Database } from '../db/types.ts';

/**
 * Moves what an older version kept under DATA_DIR/payments-sandbox (sessions and events, as JSON
 * files) into the database, once: records already there are left alone, and the directory is then
 * renamed payments-sandbox.imported. Resolves how many sessions were read.
 */
export async function importSandboxDirectory(db: Database, dataDir: string): Promise<number> {
  const dir = path.join(dataDir, 'payments-sandbox');
  if (!existsSync(dir)) return 0;
  const { sessions, events } = readStoreDirectory(dir);
  const known = new Set(sessions.map((s) => s.id));
  await db.transaction(async (tx) => {
    for (const s of sessions) {
      await tx.query(
        `INSERT INTO keebshop.sandbox_sessions
           (id, status, created, expires_at, payment_intent_id, record)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
        [s.id, s.status, s.created, s.expiresAt, s.paymentIntent?.id ?? null, JSON.stringify(s)],
      );
    }
    for (const e of events) {
      const sessionId = (e.event.data.object as { id?: string }).id;
      if (sessionId === undefined || !known.has(sessionId)) continue;
      const d = e.delivery;
      await tx.query(
        `INSERT INTO keebshop.sandbox_events (id, session_id, type, event, attempts,
           next_attempt_at, delivered_at, last_error)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
        [
          e.id,
          sessionId,
          e.event.type,
          JSON.stringify(e.event),
          d?.attempts ?? 0,
          d?.nextAttemptAt ?? null,
          d?.deliveredAt ?? null,
          d?.lastError ?? null,
        ],
      );
    }
  });
  renameSync(dir, `${dir}.imported`);
  return sessions.length;
}
