// The mail worker: sends keebshop.mail_outbox over SMTP (docs/operations.md, "Mail";
// docs/decisions/0029-mail-outbox-and-development-mailbox.md). Every instance runs one; leases keep
// two from sending one row at once. A crash after the SMTP server accepted a mail but before
// sent_at was written sends it once more after the lease, with the same Message-ID.
import type { Queryable } from '../db/types.ts';
import type { Logger } from '../http/logger.ts';
import { claimDueMail, markFailed, markSent, releaseClaims, type ClaimedMail } from './claims.ts';
import { renderQueuedMail } from './order-mail-render.ts';
import { createMailTransport, SEND_TIMEOUT_MS, type MailTransport } from './transport.ts';

export interface MailWorkerOptions {
  db: Queryable;
  /** SMTP_URL, or the development mailbox's. */
  smtpUrl: string;
  /** MAIL_FROM. */
  from: string;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Plain SMTP even where STARTTLS is offered (the development mailbox). */
  ignoreTLS?: boolean;
  /** How often the outbox is read when nobody nudges (default 2 s). */
  pollIntervalMs?: number;
  /** Rows claimed at a time (default 10). */
  batchSize?: number;
  /** How long a claim holds its rows (default 2 min); then another instance may retry them. */
  leaseMs?: number;
  /** Attempts before a mail is given up (failed_at set; default 8). */
  maxAttempts?: number;
  /** The wait after the first failure, doubled after each next one (default 30 s)... */
  backoffMs?: number;
  /** ...up to this (default 1 h). */
  maxBackoffMs?: number;
  /** Replaces SMTP (tests of what the worker records). */
  transport?: MailTransport;
}

export interface MailWorker {
  /** Reads the outbox now (soon after a commit that queued mail) instead of at the next poll. */
  nudge(): void;
  /** Finishes the message being sent, gives back the other claims, closes SMTP. */
  stop(): Promise<void>;
}

export const MAIL_DEFAULTS = {
  pollIntervalMs: 2_000,
  batchSize: 10,
  leaseMs: 120_000,
  maxAttempts: 8,
  backoffMs: 30_000,
  maxBackoffMs: 3_600_000,
} as const;

/** The wait before attempt `attempts + 1`, after `attempts` failures (at least 1). */
export function backoffAfter(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/** Every worker running in this process, for nudgeMailWorkers. */
const running = new Set<MailWorker>();

/**
 * Wakes this process's mail workers: call after committing a transaction that queued mail
 * (queueMail), so it leaves within milliseconds rather than at the next poll.
 */
export function nudgeMailWorkers(): void {
  for (const worker of running) worker.nudge();
}

function messageOf(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.slice(0, 500);
}

/** Starts sending: reads the outbox at once, then every poll interval and whenever nudged. */
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const o = { ...MAIL_DEFAULTS, ...options };
  const db = o.db;
  const transport =
    options.transport ??
    createMailTransport({
      smtpUrl: o.smtpUrl,
      from: o.from,
      ...(o.ignoreTLS ? { ignoreTLS: true } : {}),
    });
  // A claim starts no send once less than one send's longest time (SEND_TIMEOUT_MS) or half the
  // lease is left, and gives the rest back: no row is sent after its lease has run out.
  const sendWindowMs = Math.max(o.leaseMs / 2, o.leaseMs - SEND_TIMEOUT_MS);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> | undefined;
  let again = false;
  let databaseFailing = false;

  const attempt = async (mail: ClaimedMail) => {
    try {
      // An order mail is rendered now, from its data; a failure to render is a failed attempt.
      await transport.send(
        mail.data === null ? mail : { ...mail, ...renderQueuedMail(mail.kind, mail.data) },
      );
    } catch (err) {
      const attempts = mail.attempts + 1;
      const giveUp = attempts >= o.maxAttempts;
      const retryInMs = backoffAfter(attempts, o.backoffMs, o.maxBackoffMs);
      const error = messageOf(err);
      const recorded = await markFailed(db, mail, error, retryInMs, giveUp);
      const fields = { mailId: mail.id, kind: mail.kind, attempts, error };
      if (!recorded) o.logger.warn(fields, 'mail: sending failed after the lease passed on');
      else if (giveUp) o.logger.error(fields, `mail: given up after ${attempts} attempts`);
      else o.logger.warn({ ...fields, retryInMs }, 'mail: sending failed; will retry');
      return;
    }
    await markSent(db, mail);
  };

  const sendDue = async () => {
    for (;;) {
      const claimed = await claimDueMail(db, o.batchSize, o.leaseMs);
      // Said when the read succeeds, not once the batch is sent: sending may take long.
      if (databaseFailing) o.logger.info({}, 'mail: the outbox is readable again');
      databaseFailing = false;
      const claimedAt = Date.now();
      for (let i = 0; i < claimed.length; i++) {
        if (stopped || Date.now() - claimedAt > sendWindowMs) {
          await releaseClaims(db, claimed.slice(i));
          return;
        }
        await attempt(claimed[i] as ClaimedMail);
      }
      if (claimed.length < o.batchSize || stopped) return;
    }
  };

  const schedule = (ms: number) => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(run, ms);
    timer.unref();
  };

  function run() {
    if (stopped) return;
    if (pass) {
      again = true;
      return;
    }
    pass = sendDue()
      .catch((err: unknown) => {
        // The database is down or busy: the mail waits in the outbox; say so once per outage.
        if (!databaseFailing) o.logger.warn({ err }, 'mail: could not read the outbox');
        databaseFailing = true;
      })
      .finally(() => {
        pass = undefined;
        const soon = again;
        again = false;
        schedule(soon ? 0 : o.pollIntervalMs);
      });
  }

  const worker: MailWorker = {
    nudge() {
      if (stopped) return;
      if (pass) again = true;
      else schedule(10);
    },
    async stop() {
      stopped = true;
      running.delete(worker);
      clearTimeout(timer);
      await pass;
      transport.close();
    },
  };
  running.add(worker);
  schedule(0);
  return worker;
}
