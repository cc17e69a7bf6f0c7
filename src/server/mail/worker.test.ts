// The worker against a real SMTP server (test-support/smtp.ts) on each database target: what a
// recipient receives, and what the outbox records.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../db/postgres.ts';
import type { Database } from '../db/types.ts';
import {
  databaseTargets,
  startTestSmtp,
  waitFor,
  type TestDatabase,
  type TestSmtpServer,
  watchStatements,
} from '../test-support/index.ts';
import { renderOrderMail } from './order-mail-render.ts';
import { queueMail, queueOrderMail } from './outbox.ts';
import {
  backoffAfter,
  nudgeMailWorkers,
  startMailWorker,
  type MailWorker,
  type MailWorkerOptions,
} from './worker.ts';

interface Row {
  id: string;
  message_id: string;
  attempts: number;
  text_body: string;
  html_body: string;
  sent: boolean;
  failed: boolean;
  leased: boolean;
  last_error: string | null;
  next_ms: number;
}

async function rowsTo(db: Database, recipient: string): Promise<Row[]> {
  const { rows } = await db.query<Row>(
    `SELECT id::text, message_id, attempts, text_body, html_body, sent_at IS NOT NULL AS sent,
       failed_at IS NOT NULL AS failed, leased_until IS NOT NULL AS leased, last_error,
       (extract(epoch FROM next_attempt_at) * 1000)::float8 AS next_ms
     FROM keebshop.mail_outbox WHERE recipient = $1 ORDER BY id`,
    [recipient],
  );
  return rows;
}

const content = (n = 1) => ({
  subject: `Your order KS-${n}`,
  text: `Thanks for order KS-${n}.\n\nhttp://localhost:3000/keebshop/#/orders`,
  html: `<p>Thanks for order <b>KS-${n}</b>.</p>`,
});

/** A worker's read of the outbox (claimDueMail): one a pass of its loop (more for full batches). */
const isClaim = (sql: string) =>
  sql.includes('keebshop.mail_outbox') && sql.includes('SKIP LOCKED');
/** The recipients a claim's rows are for. */
const claimedFor = (rows: Record<string, unknown>[] | undefined) =>
  (rows ?? []).map((r) => r.recipient);

function logSink() {
  const lines: { level: string; fields: Record<string, unknown>; msg: string }[] = [];
  const at = (level: string) => (fields: Record<string, unknown>, msg: string) =>
    void lines.push({ level, fields, msg });
  const logger = { info: at('info'), warn: at('warn'), error: at('error') };
  return { lines, logger: logger as unknown as MailWorkerOptions['logger'] };
}

describe('backoffAfter', () => {
  it('doubles from the base up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffAfter(n, 30_000, 3_600_000))).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000,
    ]);
    expect(backoffAfter(8, 30_000, 3_600_000)).toBe(3_600_000);
    expect(backoffAfter(30, 30_000, 3_600_000)).toBe(3_600_000);
  });
});

describe.each(databaseTargets())('mail worker on $name', (target) => {
  let db: TestDatabase;
  let smtp: TestSmtpServer;
  const workers: MailWorker[] = [];
  const log = logSink();

  const start = (options: Partial<MailWorkerOptions> = {}, on: Database = db) => {
    const worker = startMailWorker({
      db: on,
      smtpUrl: smtp.url,
      from: 'Keebshop <shop@localhost>',
      logger: log.logger,
      pollIntervalMs: 100,
      ...options,
    });
    workers.push(worker);
    return worker;
  };
  const address = (label: string) => `${label}-${randomUUID().slice(0, 8)}@keebshop.test`;

  beforeAll(async () => {
    db = await target.open();
    smtp = await startTestSmtp();
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    smtp.refusing = false;
    log.lines.length = 0;
  });
  afterAll(async () => {
    await smtp?.close();
    await db?.close();
  });

  it('sends a queued mail with its Message-ID, then clears its bodies', async () => {
    const to = address('sends');
    await queueMail(db, 'order_confirmation', to, content(7));
    const [queued] = await rowsTo(db, to);
    start({ pollIntervalMs: 60_000 });

    const [mail] = await smtp.waitForMails(to, 1, 3000);
    expect(mail).toMatchObject({
      to: [to],
      from: 'shop@localhost',
      subject: 'Your order KS-7',
      text: content(7).text,
      html: content(7).html,
      messageId: queued?.message_id,
    });
    expect(mail?.parsed.from?.value).toEqual([{ name: 'Keebshop', address: 'shop@localhost' }]);
    const [row] = await waitFor(async () => {
      const rows = await rowsTo(db, to);
      return rows[0]?.sent ? rows : undefined;
    });
    expect(row).toMatchObject({ attempts: 1, text_body: '', html_body: '', leased: false });
    expect(row?.last_error).toBeNull();
  });

  it('renders an order mail queued as its data when it sends it, then drops the data', async () => {
    const to = address('rendered');
    const data = {
      siteUrl: 'https://shop.example',
      order: {
        number: 'KS-10042',
        carrier: 'DHL',
        trackingNumber: 'JD0142',
        shippingName: 'Ada Lovelace',
        shippingAddress: null,
      },
    };
    await queueOrderMail(db, 'order_shipped', to, data);
    const queued = await db.query<{ subject: string; text_body: string | null; data: string }>(
      'SELECT subject, text_body, data::text AS data FROM keebshop.mail_outbox WHERE recipient = $1',
      [to],
    );
    const expected = renderOrderMail('order_shipped', data);
    expect(queued.rows[0]?.subject).toBe(expected.subject);
    expect(queued.rows[0]?.text_body).toBeNull();
    expect(JSON.parse(queued.rows[0]?.data ?? 'null')).toEqual(data);
    start({ pollIntervalMs: 60_000 });

    const [mail] = await smtp.waitForMails(to, 1, 3000);
    expect(mail).toMatchObject({ subject: expected.subject, text: expected.text });
    expect(mail?.html).toBe(expected.html);
    await waitFor(async () => {
      const { rows } = await db.query<{ sent: boolean; data: unknown }>(
        `SELECT sent_at IS NOT NULL AS sent, data FROM keebshop.mail_outbox WHERE recipient = $1`,
        [to],
      );
      return rows[0]?.sent && rows[0].data === null ? rows : undefined;
    });
  });

  it('sends at once when nudged, not at the next poll', async () => {
    // The next poll is an hour away: only the nudge can send the mail within the test.
    const reads = watchStatements(db, isClaim);
    const first = reads.next();
    start({ pollIntervalMs: 3_600_000 }, reads.db);
    await first; // the read at start has found nothing for this test
    const to = address('nudged');
    await queueMail(db, 'recovery', to, content());
    const nudged = reads.next();
    nudgeMailWorkers();
    await smtp.waitForMails(to, 1, 10_000);
    // Sent by the read the nudge asked for, the second since the start.
    expect(claimedFor((await nudged)[0]?.rows)).toEqual([to]);
  });

  it('retries a refused mail (421) later and later, then delivers it once', async () => {
    smtp.refusing = true;
    const to = address('refused');
    await queueMail(db, 'order_shipped', to, content());
    start({ backoffMs: 300, maxBackoffMs: 10_000, pollIntervalMs: 50 });

    const seen = new Map<number, Row>();
    await waitFor(async () => {
      const [row] = await rowsTo(db, to);
      if (row && !seen.has(row.attempts)) seen.set(row.attempts, row);
      return row && row.attempts >= 3 ? row : undefined;
    }, 10_000);
    expect(smtp.mailsTo(to)).toEqual([]);
    const [first, second, third] = [seen.get(1), seen.get(2), seen.get(3)];
    expect(first?.last_error).toMatch(/421/);
    expect(first).toMatchObject({ sent: false, failed: false });
    // Each next attempt waits twice as long: 300 ms, 600 ms, 1200 ms after each failure.
    expect((second?.next_ms ?? 0) - (first?.next_ms ?? 0)).toBeGreaterThanOrEqual(600);
    expect((third?.next_ms ?? 0) - (second?.next_ms ?? 0)).toBeGreaterThanOrEqual(1200);
    expect(log.lines.filter((l) => l.level === 'warn').length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(log.lines)).not.toContain('mail-test'); // the SMTP password

    smtp.refusing = false;
    await smtp.waitForMails(to, 1, 5000);
    const [row] = await waitFor(async () => {
      const rows = await rowsTo(db, to);
      return rows[0]?.sent ? rows : undefined;
    });
    expect(row?.attempts).toBeGreaterThanOrEqual(4);
    expect(row?.text_body).toBe('');
    expect(smtp.mailsTo(to)).toHaveLength(1);
  });

  it('gives up after the last attempt and logs an error', async () => {
    smtp.refusing = true;
    const to = address('given-up');
    await queueMail(db, 'password_changed', to, content());
    const reads = watchStatements(db, isClaim);
    start({ backoffMs: 50, maxAttempts: 3, pollIntervalMs: 50 }, reads.db);

    const [row] = await waitFor(async () => {
      const rows = await rowsTo(db, to);
      return rows[0]?.failed ? rows : undefined;
    }, 10_000);
    expect(row).toMatchObject({ attempts: 3, sent: false, leased: false });
    expect(row?.last_error).toMatch(/421/);
    const errors = log.lines.filter((l) => l.level === 'error');
    expect(errors).toEqual([
      expect.objectContaining({ msg: 'mail: given up after 3 attempts' }) as unknown,
    ]);
    // Given up means given up: no more attempts, even with the server back. Were it not given up,
    // the row would be due again at its next_attempt_at: once the database's clock has passed
    // that, two more reads of the outbox leave it alone.
    smtp.refusing = false;
    await waitFor(async () => {
      const { rows } = await db.query<{ due: boolean }>(
        'SELECT next_attempt_at <= now() AS due FROM keebshop.mail_outbox WHERE recipient = $1',
        [to],
      );
      return rows[0]?.due ? true : undefined;
    });
    const later = await reads.next(2);
    expect(later.flatMap((read) => claimedFor(read.rows))).not.toContain(to);
    expect((await rowsTo(db, to))[0]?.attempts).toBe(3);
    expect(smtp.mailsTo(to)).toEqual([]);
  });

  it('records a refused login without the password, and retries it', async () => {
    const to = address('bad-login');
    await queueMail(db, 'recovery', to, content());
    start({ smtpUrl: smtp.url.replace('mail-test', 'wrong-Secret9'), backoffMs: 60_000 });
    const [row] = await waitFor(async () => {
      const rows = await rowsTo(db, to);
      return rows[0]?.last_error ? rows : undefined;
    });
    expect(row).toMatchObject({ attempts: 1, sent: false, failed: false });
    expect(row?.last_error).toMatch(/Invalid login/);
    expect(row?.last_error).not.toContain('wrong-Secret9');
    expect(JSON.stringify(log.lines)).not.toContain('wrong-Secret9');
    expect(smtp.mailsTo(to)).toEqual([]);
  });

  it('waits out a database outage, saying so once, then sends', async () => {
    const state = { down: true };
    const flaky = {
      ...db,
      query: ((sql: string, params?: readonly unknown[]) =>
        state.down
          ? Promise.reject(new Error('Connection terminated unexpectedly'))
          : db.query(sql, params)) as Database['query'],
    } as Database;
    const to = address('outage');
    await queueMail(db, 'order_confirmation', to, content());
    const reads = watchStatements(flaky, isClaim);
    start({ pollIntervalMs: 50 }, reads.db);
    // Four reads while the database is down, each refused: said once.
    const failed = await reads.next(4);
    expect(failed.every((read) => read.failed)).toBe(true);
    expect(log.lines.map((l) => l.msg)).toEqual(['mail: could not read the outbox']);
    state.down = false;
    await smtp.waitForMails(to, 1, 3000);
    expect(log.lines.map((l) => l.msg)).toEqual([
      'mail: could not read the outbox',
      'mail: the outbox is readable again',
    ]);
  });

  it("retries a crashed instance's claim once its lease has run out", async () => {
    const to = address('crashed');
    await queueMail(db, 'order_confirmation', to, content());
    // As an instance that claimed the row and died before sending leaves it.
    const { rows: leased } = await db.query<{ until: string }>(
      `UPDATE keebshop.mail_outbox SET leased_until = now() + interval '1500 milliseconds'
       WHERE recipient = $1 RETURNING leased_until::text AS until`,
      [to],
    );
    const reads = watchStatements(db, isClaim);
    const leaseMs = 60_000;
    start({ pollIntervalMs: 50, leaseMs }, reads.db);
    await smtp.waitForMails(to, 1, 5000);
    // The worker polls every 50 ms, yet the one claim that took the row (so the one send) came
    // once the dead instance's lease had run out, by the database's clock: the claim's own lease
    // starts at its now().
    const claims = reads.statements.filter((read) => claimedFor(read.rows).includes(to));
    expect(claims).toHaveLength(1);
    const lease = claims[0]?.rows?.find((r) => r.recipient === to)?.lease as string;
    const { rows: order } = await db.query<{ after: boolean }>(
      `SELECT $1::timestamptz - make_interval(secs => $2::double precision / 1000)
         >= $3::timestamptz AS after`,
      [lease, leaseMs, leased[0]?.until],
    );
    expect(order).toEqual([{ after: true }]);
    await waitFor(async () => ((await rowsTo(db, to))[0]?.sent ? true : undefined));
    expect(smtp.mailsTo(to)).toHaveLength(1);
  });

  it('two instances on one database send every mail exactly once', async () => {
    const url = db.url;
    const second = url ? await openPostgres(url, 3) : db;
    try {
      const recipients = Array.from({ length: 30 }, (_, i) => address(`pair${i}`));
      for (const [i, to] of recipients.entries()) {
        await queueMail(db, 'order_confirmation', to, content(i));
      }
      const one = watchStatements(db, isClaim);
      const other = watchStatements(second, isClaim);
      start({ batchSize: 2, pollIntervalMs: 20 }, one.db);
      start({ batchSize: 2, pollIntervalMs: 20 }, other.db);
      nudgeMailWorkers();
      for (const to of recipients) await smtp.waitForMails(to, 1, 15_000);
      await waitFor(async () => {
        const { rows } = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM keebshop.mail_outbox
           WHERE recipient = ANY($1) AND sent_at IS NOT NULL AND attempts = 1`,
          [recipients],
        );
        return rows[0]?.n === 30 ? true : undefined;
      });
      // Every row is recorded sent. A worker reads the outbox again only once its sends are done,
      // so when each has read it once more, no send of either is still under way.
      await Promise.all([one.next(), other.next()]);
      for (const to of recipients) expect(smtp.mailsTo(to)).toHaveLength(1);
      const ids = new Set(recipients.flatMap((to) => smtp.mailsTo(to).map((m) => m.messageId)));
      expect(ids.size).toBe(30);
    } finally {
      await Promise.all(workers.splice(0).map((w) => w.stop()));
      if (second !== db) await second.close();
    }
  });

  it('a stop finishes the mail being sent and gives the rest back', async () => {
    const recipients = Array.from({ length: 4 }, (_, i) => address(`stop${i}`));
    for (const to of recipients) await queueMail(db, 'recovery', to, content());
    let sending!: () => void;
    const firstSend = new Promise<void>((r) => (sending = r));
    // A send goes on until the test lets it finish: after stop() was called.
    let finish!: () => void;
    const finished = new Promise<void>((r) => (finish = r));
    const sent: string[] = [];
    const worker = start({
      pollIntervalMs: 60_000,
      transport: {
        async send(mail) {
          sending();
          await finished;
          sent.push(mail.recipient);
        },
        close() {},
      },
    });
    await firstSend;
    const stopping = worker.stop();
    // A turn of the event loop later: a stop that did not wait for the send would be done by then.
    setImmediate(finish);
    // What had been sent when the stop resolved.
    expect(await stopping.then(() => [...sent])).toEqual([recipients[0]]);
    const rows = (await Promise.all(recipients.map((to) => rowsTo(db, to)))).flat();
    expect(rows.map((r) => [r.sent, r.leased])).toEqual([
      [true, false],
      [false, false],
      [false, false],
      [false, false],
    ]);
    // Another instance sends the rest at once, without waiting for a lease.
    start();
    for (const to of recipients.slice(1)) await smtp.waitForMails(to, 1, 3000);
    expect(smtp.mailsTo(recipients[0] as string)).toEqual([]);
  });
});
