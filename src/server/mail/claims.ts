// The outbox's state changes, each one statement (migrations/server/0003_mail_outbox.sql): claim
// due rows with a lease, record a send, record a failure. Times are the database's clock, the one
// every instance shares.
import type { Queryable } from '../db/types.ts';

/** A row claimed for sending; `lease` is the leased_until this claim set, as text. */
export interface ClaimedMail {
  id: string;
  messageId: string;
  kind: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  /** An order mail's data, rendered when sent (mail/order-mail-render.ts); null when the bodies are. */
  data: unknown;
  /** Attempts made before this one. */
  attempts: number;
  lease: string;
}

/**
 * Leases up to `limit` due rows for `leaseMs`: unsent, not given up, next_attempt_at passed, and
 * no live lease. SKIP LOCKED lets instances claim side by side; a row another transaction is
 * claiming is left to it, and a row it claimed has a live lease by the time this one reads it.
 */
export async function claimDueMail(
  db: Queryable,
  limit: number,
  leaseMs: number,
): Promise<ClaimedMail[]> {
  const { rows } = await db.query<{
    id: string | number;
    message_id: string;
    kind: string;
    recipient: string;
    subject: string;
    text_body: string | null;
    html_body: string | null;
    data: string | null;
    attempts: number;
    lease: string;
  }>(
    `WITH due AS MATERIALIZED (
       SELECT id FROM keebshop.mail_outbox
       WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
         AND (leased_until IS NULL OR leased_until <= now())
       ORDER BY next_attempt_at, id
       LIMIT $1
       FOR UPDATE SKIP LOCKED
     )
     UPDATE keebshop.mail_outbox AS m
     SET leased_until = now() + make_interval(secs => $2::double precision / 1000)
     FROM due WHERE m.id = due.id
     RETURNING m.id, m.message_id, m.kind, m.recipient, m.subject, m.text_body, m.html_body,
       m.data::text AS data, m.attempts, m.leased_until::text AS lease`,
    [limit, leaseMs],
  );
  return rows
    .map((r) => ({
      id: String(r.id),
      messageId: r.message_id,
      kind: r.kind,
      recipient: r.recipient,
      subject: r.subject,
      text: r.text_body ?? '',
      html: r.html_body ?? '',
      // As text and parsed here: the two database drivers parse jsonb alike only by luck.
      data: r.data === null ? null : (JSON.parse(r.data) as unknown),
      attempts: r.attempts,
      lease: r.lease,
    }))
    .sort((a, b) => Number(a.id) - Number(b.id));
}

/**
 * Records that the SMTP server accepted `mail`, and drops its bodies and data: links in them sign a
 * shopper in, and the data holds the shopper's address. Recorded even if the lease ran out meanwhile: the mail was sent, whoever holds it now.
 */
export async function markSent(db: Queryable, mail: ClaimedMail): Promise<void> {
  await db.query(
    `UPDATE keebshop.mail_outbox
     SET sent_at = now(), attempts = attempts + 1, leased_until = NULL, last_error = NULL,
       text_body = '', html_body = '', data = NULL
     WHERE id = $1 AND sent_at IS NULL`,
    [mail.id],
  );
}

/**
 * Records a failed attempt: the next one after `retryInMs`, or none (failed_at) when `giveUp`.
 * Only while this claim's lease is the row's: an instance that took the row over owns it now.
 * Resolves false when the lease had passed to another.
 */
export async function markFailed(
  db: Queryable,
  mail: ClaimedMail,
  error: string,
  retryInMs: number,
  giveUp: boolean,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE keebshop.mail_outbox
     SET attempts = attempts + 1, last_error = $3, leased_until = NULL,
       next_attempt_at = now() + make_interval(secs => $4::double precision / 1000),
       failed_at = CASE WHEN $5::boolean THEN now() END
     WHERE id = $1 AND leased_until = $2::timestamptz AND sent_at IS NULL AND failed_at IS NULL`,
    [mail.id, mail.lease, error, retryInMs, giveUp],
  );
  return rowCount > 0;
}

/** Gives back the leases of claimed rows not attempted (a stop, or a batch that ran long). */
export async function releaseClaims(db: Queryable, mails: readonly ClaimedMail[]): Promise<void> {
  for (const mail of mails) {
    await db.query(
      `UPDATE keebshop.mail_outbox SET leased_until = NULL
       WHERE id = $1 AND leased_until = $2::timestamptz AND sent_at IS NULL`,
      [mail.id, mail.lease],
    );
  }
}
