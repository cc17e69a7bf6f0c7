// The development mailbox: maildev in a child process of the server (mailbox-process.ts), on
// loopback, catching the shop's mail when SMTP_URL is unset (docs/operations.md, "Mail").
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MailboxMessage } from './mailbox-process.ts';

export interface DevMailbox {
  /** The web page, e.g. http://localhost:1080 (its REST API is under /api). */
  webUrl: string;
  /** Where the shop sends: smtp://127.0.0.1:<port>, no credentials. */
  smtpUrl: string;
  webPort: number;
  smtpPort: number;
  /** Called if the mailbox process ends on its own (mail then waits in the outbox). */
  onExit(listener: (code: number | string) => void): void;
  close(): Promise<void>;
}

export interface DevMailboxOptions {
  /** MAILBOX_PORT; 0: a free port. */
  port: number;
  /** MAILBOX_SMTP_PORT; 0: a free port. */
  smtpPort: number;
  /** How long maildev may take to listen (default 30 s). */
  timeoutMs?: number;
}

/** Thrown when the mailbox cannot start: a port in use, or maildev failing. */
export class DevMailboxError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'DevMailboxError';
  }
}

/**
 * The child as the server runs: the compiled server (dist/server/main.js, this code bundled into
 * it) forks the compiled child beside it; the TypeScript sources (tests, tsx) fork the TypeScript
 * child through tsx, resolved from here whatever the cwd.
 */
function mailboxChild(): { entry: string; execArgv: string[] } {
  if (!import.meta.filename.endsWith('.ts')) {
    return {
      entry: path.join(import.meta.dirname, 'mailbox-process.js'),
      execArgv: [],
    };
  }
  const tsx = path.resolve(import.meta.dirname, '../../../node_modules/tsx/dist/loader.mjs');
  return {
    entry: path.join(import.meta.dirname, 'mailbox-process.ts'),
    execArgv: ['--import', tsx],
  };
}

/** Starts maildev and resolves once it listens; its mail lives in a temporary directory. */
export function startDevMailbox(options: DevMailboxOptions): Promise<DevMailbox> {
  const mailDir = mkdtempSync(path.join(os.tmpdir(), 'keebshop-mailbox-'));
  const { entry, execArgv } = mailboxChild();
  const child: ChildProcess = fork(entry, [], {
    execPath: process.execPath,
    // A small young generation: about 30 MB less for a process that handles a few mails.
    execArgv: ['--max-semi-space-size=1', ...execArgv],
    // maildev prints its own banner on standard output; the server prints the one line that matters.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    // A group of its own: Ctrl+C or a stop sent to the server's whole group reaches the server
    // alone, which closes the mailbox after its worker (close()); a server that dies any other way
    // closes the IPC channel, which ends the mailbox (mailbox-process.ts).
    detached: true,
    env: {
      ...process.env,
      MAILBOX_PORT: String(options.port),
      MAILBOX_SMTP_PORT: String(options.smtpPort),
      MAILBOX_DIR: mailDir,
    },
  });
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => {
      rmSync(mailDir, { recursive: true, force: true });
      resolve(code ?? signal ?? 'unknown');
    }),
  );
  // Never keep the server's event loop alive on the mailbox's account.
  child.unref();
  child.channel?.unref();

  return new Promise<DevMailbox>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new DevMailboxError('the development mailbox did not start in time'));
    }, options.timeoutMs ?? 30_000);
    const fail = (err: DevMailboxError) => {
      clearTimeout(timer);
      reject(err);
    };
    void exited.then((code) =>
      fail(new DevMailboxError(`maildev exited (${code}) before it listened`)),
    );
    child.once('error', (err) => fail(new DevMailboxError(err.message)));
    child.once('message', (message: MailboxMessage) => {
      clearTimeout(timer);
      if (!message.ready) {
        reject(new DevMailboxError(message.error, message.code));
        return;
      }
      let closing = false;
      resolve({
        webUrl: `http://localhost:${message.webPort}`,
        smtpUrl: `smtp://127.0.0.1:${message.smtpPort}`,
        webPort: message.webPort,
        smtpPort: message.smtpPort,
        onExit(listener) {
          void exited.then((code) => {
            if (!closing) listener(code);
          });
        },
        async close() {
          closing = true;
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          const stopped = await Promise.race([
            exited,
            new Promise((r) => setTimeout(r, 5000, 'timeout')),
          ]);
          if (stopped === 'timeout') {
            child.kill('SIGKILL');
            await exited;
          }
        },
      });
    });
  });
}
