import type {
  DeliveryState,
  EventRecord,
  IdempotencyRecord,
  NewEvent,
  PruneCutoff,
  SandboxStore,
  SessionRecord,
  SessionStatus,
  StripeEvent,
} from '../../payments-sandbox/index.ts';
import type { Database, Queryable } from '../db/types.ts';
import { unavailabilityOf } from '../db/unavailable.ts';
import { databaseSandboxObjects } from './sandbox-objects.ts';

interface EventRow {
  id: string;
  seq: number;
  event: StripeEvent;
  attempts: number;
  next_attempt_at: number | null;
  delivered_at: number | null;
  last_error: string | null;
}

const EVENT_COLUMNS = 'id, seq, event, attempts, next_attempt_at, delivered_at, last_error';
const PENDING = 'next_attempt_at IS NOT NULL AND delivered_at IS NULL';

function eventOf(row: EventRow): EventRecord {
  return {
    id: row.id,
    seq: row.seq,
    event: row.event,
    delivery:
      row.next_attempt_at === null
        ? null
        : {
            attempts: row.attempts,
            nextAttemptAt: row.next_attempt_at,
            deliveredAt: row.delivered_at,
            lastError: row.last_error,
          },
  };
}

/**
 * The payments sandbox's state in the shop's database (keebshop.sandbox_*), shared by every
 * instance on it: whichever instance serves the sandbox sees the same sessions, events and
 * webhook queue. A session changes by a conditional UPDATE together with its event, in one
 * transaction; a delivery is claimed with FOR UPDATE SKIP LOCKED and a lease. Coupons, promotion
 * codes and tax rates are in sandbox-objects.ts.
 */
export function databaseSandboxStore(db: Database): SandboxStore {
  const sessionRow = (s: SessionRecord) => [
    s.id,
    s.status,
    s.created,
    s.expiresAt,
    s.paymentIntent?.id ?? null,
    JSON.stringify(s),
  ];
  const oneSession = async (where: string, value: string) => {
    const { rows } = await db.query<{ record: SessionRecord }>(
      `SELECT record FROM keebshop.sandbox_sessions WHERE ${where} = $1`,
      [value],
    );
    return rows[0]?.record;
  };

  const insertEvent = (tx: Queryable, sessionId: string, event: NewEvent) =>
    tx.query(
      `INSERT INTO keebshop.sandbox_events (id, session_id, type, event, next_attempt_at)
       VALUES ($1, $2, $3, $4, $5)`,
      [
        event.id,
        sessionId,
        event.event.type,
        JSON.stringify(event.event),
        event.delivery?.nextAttemptAt ?? null,
      ],
    );

  return {
    open: async () => undefined,
    close: async () => undefined,
    isUnavailable: (err) => unavailabilityOf(err) !== undefined,
    isFull: (err) => unavailabilityOf(err) === 'storage_full',
    ...databaseSandboxObjects(db),

    async insertSession(session) {
      await db.query(
        `INSERT INTO keebshop.sandbox_sessions
           (id, status, created, expires_at, payment_intent_id, record)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        sessionRow(session),
      );
    },

    getSession: (id) => oneSession('id', id),
    sessionByPaymentIntent: (id) => oneSession('payment_intent_id', id),

    // Newest first (created, then id, so sessions of one second keep one order); a cursor is a
    // session of the list, the page the sessions after it, or before it with endingBefore.
    async listSessions({ limit, status, startingAfter, endingBefore }) {
      const cursor = endingBefore ?? startingAfter ?? null;
      const before = endingBefore !== undefined;
      const { rows } = await db.query<{ record: SessionRecord }>(
        `SELECT s.record FROM keebshop.sandbox_sessions s
         LEFT JOIN keebshop.sandbox_sessions c ON c.id = $3
         WHERE ($2::text IS NULL OR s.status = $2)
           AND ($3::text IS NULL OR (c.id IS NOT NULL AND
             CASE WHEN $4 THEN (s.created, s.id) > (c.created, c.id)
                  ELSE (s.created, s.id) < (c.created, c.id) END))
         ORDER BY CASE WHEN $4 THEN s.created END ASC, CASE WHEN $4 THEN s.id END ASC,
                  s.created DESC, s.id DESC
         LIMIT $1`,
        [limit + 1, status ?? null, cursor, before],
      );
      const page = rows.slice(0, limit).map((r) => r.record);
      return { sessions: before ? page.reverse() : page, hasMore: rows.length > limit };
    },

    async openSessionsExpiredAt(nowSeconds) {
      const { rows } = await db.query<{ id: string }>(
        `SELECT id FROM keebshop.sandbox_sessions WHERE status = 'open' AND expires_at <= $1`,
        [nowSeconds],
      );
      return rows.map((r) => r.id);
    },

    transition(session: SessionRecord, from: SessionStatus, event: NewEvent) {
      return db.transaction(async (tx) => {
        const updated = await tx.query(
          `UPDATE keebshop.sandbox_sessions
             SET status = $2, created = $3, expires_at = $4, payment_intent_id = $5, record = $6
           WHERE id = $1 AND status = $7`,
          [...sessionRow(session), from],
        );
        if (updated.rowCount === 0) return false;
        await insertEvent(tx, session.id, event);
        return true;
      });
    },

    reviseSession(session: SessionRecord, revision: number, events: NewEvent[]) {
      return db.transaction(async (tx) => {
        // Under READ COMMITTED a concurrent UPDATE of the row makes this one re-check the WHERE on
        // the new version, so of two revisions from one revision only the first is written.
        const updated = await tx.query(
          `UPDATE keebshop.sandbox_sessions
             SET status = $2, created = $3, expires_at = $4, payment_intent_id = $5, record = $6
           WHERE id = $1 AND COALESCE((record ->> 'revision')::bigint, 0) = $7`,
          [...sessionRow(session), revision],
        );
        if (updated.rowCount === 0) return false;
        for (const event of events) await insertEvent(tx, session.id, event);
        return true;
      });
    },

    async sessionOwning(id) {
      const { rows } = await db.query<{ record: SessionRecord }>(
        `SELECT record FROM keebshop.sandbox_sessions
         WHERE record -> 'paymentIntent' ->> 'chargeId' = $1
            OR record -> 'paymentIntent' -> 'refunds' @> jsonb_build_array(jsonb_build_object('id', $1::text))
            OR record -> 'shippingOptions' @> jsonb_build_array(jsonb_build_object('id', $1::text))
         LIMIT 1`,
        [id],
      );
      return rows[0]?.record;
    },

    async getEvent(id) {
      const { rows } = await db.query<EventRow>(
        `SELECT ${EVENT_COLUMNS} FROM keebshop.sandbox_events WHERE id = $1`,
        [id],
      );
      return rows[0] ? eventOf(rows[0]) : undefined;
    },

    async listEvents({ limit, type, startingAfter }) {
      // An unknown starting_after lists from the newest, as the file store does.
      const { rows } = await db.query<{ event: StripeEvent }>(
        `SELECT event FROM keebshop.sandbox_events
         WHERE ($1::text IS NULL OR type = $1)
           AND seq < COALESCE((SELECT seq FROM keebshop.sandbox_events WHERE id = $2),
                              9223372036854775807)
         ORDER BY seq DESC LIMIT $3`,
        [type ?? null, startingAfter ?? null, limit + 1],
      );
      return { events: rows.slice(0, limit).map((r) => r.event), hasMore: rows.length > limit };
    },

    async getIdempotency(id) {
      const { rows } = await db.query<{ record: IdempotencyRecord }>(
        'SELECT record FROM keebshop.sandbox_idempotency WHERE id = $1',
        [id],
      );
      return rows[0]?.record;
    },

    async putIdempotency(record) {
      await db.query(
        `INSERT INTO keebshop.sandbox_idempotency (id, record, created_at) VALUES ($1, $2, $3)
         ON CONFLICT (id) DO NOTHING`,
        [record.id, JSON.stringify(record), record.createdAt],
      );
    },

    async claimDelivery(nowMs, leaseMs) {
      const { rows } = await db.query<EventRow>(
        `UPDATE keebshop.sandbox_events SET leased_until = $2
         WHERE seq = (
           SELECT seq FROM keebshop.sandbox_events
           WHERE ${PENDING} AND next_attempt_at <= $1 AND leased_until <= $1
           ORDER BY seq LIMIT 1 FOR UPDATE SKIP LOCKED)
         RETURNING ${EVENT_COLUMNS}`,
        [nowMs, nowMs + leaseMs],
      );
      return rows[0] ? eventOf(rows[0]) : undefined;
    },

    async saveDelivery(id, delivery: DeliveryState) {
      // A delivery another sandbox recorded as done stays done.
      await db.query(
        `UPDATE keebshop.sandbox_events
           SET attempts = $2, next_attempt_at = $3, delivered_at = $4, last_error = $5,
               leased_until = 0
         WHERE id = $1 AND delivered_at IS NULL`,
        [id, delivery.attempts, delivery.nextAttemptAt, delivery.deliveredAt, delivery.lastError],
      );
    },

    async nextDeliveryAt() {
      const { rows } = await db.query<{ at: number | null }>(
        `SELECT min(greatest(next_attempt_at, leased_until)) AS at
         FROM keebshop.sandbox_events WHERE ${PENDING}`,
      );
      return rows[0]?.at ?? undefined;
    },

    async pendingDeliveries() {
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM keebshop.sandbox_events WHERE ${PENDING}`,
      );
      return rows[0]?.n ?? 0;
    },

    async prune(cutoff: PruneCutoff) {
      // Events go with their session (ON DELETE CASCADE).
      await db.query(
        `DELETE FROM keebshop.sandbox_sessions s
         WHERE s.created < $1 AND s.status <> 'open'
           AND NOT EXISTS (SELECT 1 FROM keebshop.sandbox_events e
                           WHERE e.session_id = s.id AND e.next_attempt_at IS NOT NULL
                             AND e.delivered_at IS NULL)`,
        [cutoff.sessionsCreatedBefore],
      );
      await db.query('DELETE FROM keebshop.sandbox_idempotency WHERE created_at < $1', [
        cutoff.idempotencyBefore,
      ]);
    },
  };
}
