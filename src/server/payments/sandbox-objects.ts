import type {
  ObjectKind,
  ObjectOfKind,
  SandboxObject,
  SandboxStore,
} from '../../payments-sandbox/index.ts';
import type { Database } from '../db/types.ts';

type ObjectMethods = Pick<
  SandboxStore,
  'insertObject' | 'getObject' | 'listObjects' | 'reviseObject' | 'hasCompletedPayment'
>;

// SQLSTATE unique_violation: a change that would make a second active code of one text
// (migrations/server/0005_payments_sandbox_objects.sql).
const UNIQUE_VIOLATION = '23505';

/**
 * The sandbox's coupons, promotion codes and tax rates in keebshop.sandbox_objects. A change is a
 * conditional UPDATE on the revision: under READ COMMITTED a concurrent UPDATE of the row makes
 * the later one re-check its WHERE on the new version, so of two changes from one revision only
 * the first is written.
 */
export function databaseSandboxObjects(db: Database): ObjectMethods {
  return {
    async insertObject(record: SandboxObject) {
      // No conflict target: a clash on the id or on the one-active-code index both mean false.
      const { rowCount } = await db.query(
        `INSERT INTO keebshop.sandbox_objects (id, kind, created, revision, record)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
        [record.id, record.kind, record.created, record.revision, JSON.stringify(record)],
      );
      return rowCount === 1;
    },

    async getObject(id: string) {
      const { rows } = await db.query<{ record: SandboxObject }>(
        'SELECT record FROM keebshop.sandbox_objects WHERE id = $1',
        [id],
      );
      return rows[0]?.record;
    },

    async listObjects<K extends ObjectKind>(kind: K) {
      const { rows } = await db.query<{ record: ObjectOfKind<K> }>(
        `SELECT record FROM keebshop.sandbox_objects WHERE kind = $1
         ORDER BY created DESC, seq DESC`,
        [kind],
      );
      return rows.map((r) => r.record);
    },

    async reviseObject(record: SandboxObject, revision: number) {
      try {
        const { rowCount } = await db.query(
          `UPDATE keebshop.sandbox_objects SET revision = $3, record = $4
           WHERE id = $1 AND revision = $2`,
          [record.id, revision, record.revision, JSON.stringify(record)],
        );
        return rowCount === 1;
      } catch (err) {
        if ((err as { code?: unknown }).code === UNIQUE_VIOLATION) return false;
        throw err;
      }
    },

    async hasCompletedPayment(email: string, exceptSessionId: string) {
      const { rows } = await db.query<{ paid: boolean }>(
        `SELECT EXISTS (
           SELECT 1 FROM keebshop.sandbox_sessions
           WHERE status = 'complete' AND id <> $2
             AND (lower(record -> 'customerDetails' ->> 'email') = lower($1::text)
                  OR lower(record ->> 'customerEmail') = lower($1::text))) AS paid`,
        [email, exceptSessionId],
      );
      return rows[0]?.paid === true;
    },
  };
}
