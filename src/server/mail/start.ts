// The mail channel as main.ts starts it: the worker sending through SMTP_URL, or, without it,
// through the development mailbox started here (docs/operations.md, "Mail").
import type { Queryable } from '../db/types.ts';
import type { Logger } from '../http/logger.ts';
import { DevMailboxError, startDevMailbox, type DevMailbox } from './dev-mailbox.ts';
import { redactSmtpUrl, type MailSettings } from './settings.ts';
import type { MailWorker } from './worker.ts';

export interface RunningMail {
  /**
   * Resolves once the worker runs, with the start banner's line on where mail goes (never the SMTP
   * password); undefined when the development mailbox could not start (logged as an error).
   */
  ready: Promise<string | undefined>;
  /** Stops the worker (the mail being sent goes out first), then the mailbox. */
  stop(): Promise<void>;
}

export interface MailStart {
  /** Starts the worker over `db`, at once with SMTP_URL, else once the mailbox listens. */
  sendFrom(db: Queryable): RunningMail;
}

/** Why the mailbox did not start, in one line for the operator. */
export function mailboxProblem(err: unknown, settings: MailSettings): string {
  if (err instanceof DevMailboxError && err.code === 'EADDRINUSE') {
    const { port, smtpPort } = settings.mailbox;
    const variable = err.message.includes(`:${port}`) ? 'MAILBOX_PORT' : 'MAILBOX_SMTP_PORT';
    const value = variable === 'MAILBOX_PORT' ? port : smtpPort;
    return `${variable} ${value} is already in use on 127.0.0.1: stop the process listening there, set ${variable} to a free port, or set SMTP_URL to send through a real SMTP server.`;
  }
  const reason = err instanceof Error ? err.message : String(err);
  return `The development mailbox (maildev) could not start: ${reason}. Set SMTP_URL to send through a real SMTP server instead.`;
}

export interface MailStartOptions {
  /**
   * Without SMTP_URL, how long to wait before starting the development mailbox (default 0). Its
   * process is forked from this one, which copies this process's memory map: tens of milliseconds
   * that would hold the first requests of a server that has just started answering.
   */
  mailboxDelayMs?: number;
}

/**
 * Starts the development mailbox when SMTP_URL is unset, after `mailboxDelayMs`; the worker waits
 * for sendFrom. The shop does not wait for the mailbox: mail waits in the outbox.
 */
export function startMail(
  settings: MailSettings,
  logger: Logger,
  { mailboxDelayMs = 0 }: MailStartOptions = {},
): MailStart {
  // Stopping during the delay starts no mailbox at all.
  let cancelDelay = () => {};
  const starting = settings.smtpUrl
    ? undefined
    : new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(true), mailboxDelayMs);
        cancelDelay = () => {
          clearTimeout(timer);
          resolve(false);
        };
      }).then((start) =>
        start
          ? startDevMailbox({ port: settings.mailbox.port, smtpPort: settings.mailbox.smtpPort })
          : undefined,
      );
  // Handled in sendFrom; this only keeps an early failure from counting as unhandled.
  starting?.catch(() => {});
  if (!settings.smtpUrl && process.env.NODE_ENV === 'production') {
    logger.warn({}, 'mail: SMTP_URL is unset, so mail goes to the development mailbox only');
  }
  return {
    sendFrom(db) {
      let worker: MailWorker | undefined;
      let mailbox: DevMailbox | undefined;
      let stopped = false;
      // The worker (and nodemailer) loads once the shop is ready, when sendFrom is called.
      const run = async (smtpUrl: string, ignoreTLS: boolean) =>
        (await import('./worker.ts')).startMailWorker({
          db,
          smtpUrl,
          from: settings.from,
          logger,
          // The mailbox's STARTTLS has a self-signed certificate; loopback needs none.
          ...(ignoreTLS ? { ignoreTLS: true } : {}),
        });
      const ready = (async () => {
        if (settings.smtpUrl) {
          worker = await run(settings.smtpUrl, false);
          return `Mail goes out through ${redactSmtpUrl(settings.smtpUrl)}`;
        }
        try {
          mailbox = await (starting as Promise<DevMailbox | undefined>);
        } catch (err) {
          logger.error({}, `mail: ${mailboxProblem(err, settings)} Mail waits in the outbox.`);
          return undefined;
        }
        if (stopped || !mailbox) return undefined;
        mailbox.onExit((code) =>
          logger.error(
            { code },
            'mail: the development mailbox stopped; mail waits in the outbox until a restart',
          ),
        );
        worker = await run(mailbox.smtpUrl, true);
        return `Development mailbox: ${mailbox.webUrl}`;
      })();
      return {
        ready,
        async stop() {
          stopped = true;
          cancelDelay();
          await ready;
          await worker?.stop();
          await mailbox?.close();
        },
      };
    },
  };
}
