// The mail channel as it is wired: the test server's smtpUrl option, the development mailbox
// (maildev in its own process) behind start.ts, and main.ts starting and stopping it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../http/logger.ts';
import {
  databaseTargets,
  freePort,
  launchServer,
  spawnServer,
  startTestServer,
  startTestSmtp,
  waitFor,
  outputOf,
  watchStatements,
} from '../test-support/index.ts';
import { queueMail } from './outbox.ts';
import { loadConfig } from '../config.ts';
import { startMail } from './start.ts';

const content = {
  subject: 'Reset your Keebshop password',
  text: 'Choose a new password:\nhttp://localhost:3000/auth/v1/verify?token=abc',
  html: '<p><a href="http://localhost:3000/auth/v1/verify?token=abc">Choose a new password</a></p>',
};

async function mailboxMails(
  origin: string,
): Promise<{ subject: string; to: { address: string }[] }[]> {
  const res = await fetch(`${origin}/api/email`);
  return (await res.json()) as { subject: string; to: { address: string }[] }[];
}

/** A worker's read of the outbox (claimDueMail): one each pass of its loop. */
const isClaim = (sql: string) =>
  sql.includes('keebshop.mail_outbox') && sql.includes('SKIP LOCKED');

async function portIsFree(port: number): Promise<boolean> {
  return fetch(`http://127.0.0.1:${port}/api/healthz`).then(
    () => false,
    () => true,
  );
}

describe.each(databaseTargets())('the test server with smtpUrl on $name', (target) => {
  it('sends what is queued, and without smtpUrl leaves it queued', async () => {
    const smtp = await startTestSmtp();
    // Each server's database with its outbox reads watched: a worker reads it at once when it
    // starts, then at every poll (100 ms here).
    const sendingReads = watchStatements(await target.open(), isClaim);
    const quietReads = watchStatements(await target.open(), isClaim);
    const sending = await startTestServer({ target, db: sendingReads.db, smtpUrl: smtp.url });
    const quiet = await startTestServer({ target, db: quietReads.db });
    try {
      await queueMail(sending.db, 'recovery', 'sent@keebshop.test', content);
      await queueMail(quiet.db, 'recovery', 'kept@keebshop.test', content);
      const [mail] = await smtp.waitForMails('sent@keebshop.test', 1, 5000);
      expect(mail?.subject).toBe(content.subject);
      expect(mail?.from).toBe('shop@localhost');
      // Two more polls of the worker with smtpUrl: a worker started alike on the other server would
      // have read its outbox long before (at its start). Nothing ever did.
      await sendingReads.next(2);
      expect(quietReads.statements).toEqual([]);
      const { rows } = await quiet.db.query(
        'SELECT sent_at, attempts FROM keebshop.mail_outbox WHERE recipient = $1',
        ['kept@keebshop.test'],
      );
      expect(rows).toEqual([{ sent_at: null, attempts: 0 }]);
      expect(smtp.mailsTo('kept@keebshop.test')).toEqual([]);
    } finally {
      await sending.close();
      await quiet.close();
      await sendingReads.db.close();
      await quietReads.db.close();
      await smtp.close();
    }
  });
});

describe('the development mailbox', () => {
  it('catches the shop mail without SMTP_URL, and stops with the worker', async () => {
    const port = await freePort();
    const config = loadConfig({ MAILBOX_PORT: String(port) });
    const target = databaseTargets()[0];
    const db = await target!.open();
    const mail = startMail(config.mail, createLogger({ level: 'silent' }));
    const running = mail.sendFrom(db);
    try {
      expect(await running.ready).toBe(`Development mailbox: http://localhost:${port}`);
      await queueMail(db, 'recovery', 'dev@keebshop.test', content);
      const [caught] = await waitFor(async () => {
        const mails = await mailboxMails(`http://127.0.0.1:${port}`);
        return mails.length > 0 ? mails : undefined;
      }, 10_000);
      expect(caught).toMatchObject({
        subject: content.subject,
        to: [{ address: 'dev@keebshop.test' }],
      });
    } finally {
      await running.stop();
      await db.close();
    }
    expect(await portIsFree(port)).toBe(true);
  });

  it('starts after its delay, and not at all when stopped before it', async () => {
    const earlyPort = await freePort();
    let laterPort = await freePort();
    while (laterPort === earlyPort) laterPort = await freePort();
    const target = databaseTargets()[0];
    const db = await target!.open();
    const logger = createLogger({ level: 'silent' });
    const mailOn = (port: number, mailboxDelayMs: number) =>
      startMail(loadConfig({ MAILBOX_PORT: String(port) }).mail, logger, { mailboxDelayMs });
    try {
      // A 500 ms timer set first: timers of one length fire in the order they were set, so it has
      // fired before the mailbox's own 500 ms delay runs out.
      let delayOver = false;
      setTimeout(() => (delayOver = true), 500);
      const later = mailOn(laterPort, 500).sendFrom(db);
      const early = mailOn(earlyPort, 60_000).sendFrom(db);
      // Both asked at once: the one with the shorter delay starts first, once its delay is over.
      const first = await Promise.race([
        later.ready.then(() => 'later'),
        early.ready.then(() => 'early'),
      ]);
      expect(first).toBe('later');
      expect(delayOver).toBe(true);
      expect(await later.ready).toBe(`Development mailbox: http://localhost:${laterPort}`);
      // The other one is still within its minute: nothing listens on its port.
      expect(await portIsFree(earlyPort)).toBe(true);
      await early.stop(); // at once, not after the minute
      expect(await early.ready).toBeUndefined();
      expect(await portIsFree(earlyPort)).toBe(true);

      await later.stop();
      expect(await portIsFree(laterPort)).toBe(true);
    } finally {
      await db.close();
    }
  });

  it('main.ts prints its address, and it ends with the server, even a killed one', async () => {
    const logFile = path.join(tmpdir(), `keebshop-mail-${process.pid}-${Date.now()}.log`);
    const mailboxPort = await freePort();
    const server = await launchServer({ build: true, mailboxPort, output: { logFile } });
    expect(server.mailboxOrigin).toBe(`http://127.0.0.1:${mailboxPort}`);
    // The shop does not wait for the mailbox; the line comes once the mailbox listens.
    const banner = `Development mailbox: http://localhost:${mailboxPort}`;
    await waitFor(async () => (readFileSync(logFile, 'utf8').includes(banner) ? true : undefined));
    expect(await (await fetch(`${server.mailboxOrigin}/api/healthz`)).json()).toBe(true);
    // /healthz does not depend on mail.
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
    await server.stop('SIGKILL');
    await waitFor(async () => ((await portIsFree(mailboxPort)) ? true : undefined), 10_000);
    rmSync(logFile, { force: true });
  });

  it('a MAILBOX_PORT in use stops the start in one line', async () => {
    const mailboxPort = await freePort();
    const other = createServer();
    await new Promise<void>((resolve) => other.listen(mailboxPort, '127.0.0.1', resolve));
    const dataDir = mkdtempSync(path.join(tmpdir(), 'keebshop-mailbox-port-'));
    const logFile = path.join(dataDir, 'server.log');
    try {
      const server = spawnServer({
        port: await freePort(),
        sandboxPort: await freePort(),
        mailboxPort,
        dataDir,
        output: { logFile },
      });
      // All it wrote, once its output has ended (the log file may still lack the last write).
      const output = outputOf(server);
      expect(await server.exited).toBe(1);
      expect((await output).trimEnd()).toBe(
        `MAILBOX_PORT ${mailboxPort} is already in use on 127.0.0.1: stop the process listening there or set MAILBOX_PORT to a free port.`,
      );
    } finally {
      other.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('is not started with SMTP_URL, whose password is never printed', async () => {
    const base = mkdtempSync(path.join(tmpdir(), 'keebshop-mail-smtp-'));
    const [dataDir, logFile] = [path.join(base, 'data'), path.join(base, 'server.log')];
    const smtp = await startTestSmtp();
    const ports = new Set<number>();
    while (ports.size < 3) ports.add(await freePort());
    const [port, sandboxPort, mailboxPort] = [...ports] as [number, number, number];
    const server = spawnServer({
      port,
      sandboxPort,
      mailboxPort,
      dataDir,
      output: { logFile },
      env: { SMTP_URL: smtp.url, LOG_LEVEL: 'info' },
    });
    // Everything it writes, start to stop: read once its output has ended, none of it is missed.
    const output = outputOf(server);
    try {
      await server.ready();
      const banner = `Mail goes out through ${smtp.url.replace('mail-test', '***')}`;
      await waitFor(async () =>
        readFileSync(logFile, 'utf8').includes(banner) ? true : undefined,
      );
      expect(await portIsFree(mailboxPort)).toBe(true);
      await server.stop();
      const log = await output;
      expect(log).toContain(banner);
      expect(log).not.toContain('mail-test');
      expect(log).not.toContain('Development mailbox');
    } finally {
      await server.stop('SIGKILL');
      await smtp.close();
      rmSync(base, { recursive: true, force: true });
    }
  });
});
