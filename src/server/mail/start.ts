// The mail channel as main.ts starts it: the worker sending through SMTP_URL, or, without it,
// through the development mailbox started here (docs/operations.md, "Mail").
import type { Queryable } from '../db/types.ts';
import type { Logger } from '../http/logger.ts';
import { StartupError } from '../lifecycle/startup-error.ts';
import { DevMailboxError, startDevMailbox, type DevMailbox } from './dev-mailbox.ts';
import { redactSmtpUrl, type MailSettings } from './settings.ts';
import { startMailWorker, type MailWorker } from './worker.ts';

export interface RunningMail {
  worker: MailWorker;
  /** Where the mail goes, one line for the start banner (never the SMTP password). */
  description: string;
  mailbox: DevMailbox | undefined;
  /** Stops the worker (the mail being sent goes out first), then the mailbox. */
  stop(): Promise<void>;
}

export interface MailStart {
  /** Waits for the mailbox, if any, and starts the worker over `db`. */
  sendFrom(db: Queryable): Promise<RunningMail>;
}

function startupProblem(err: unknown, settings: MailSettings): StartupError {
  if (err instanceof DevMailboxError && err.code === 'EADDRINUSE') {
    const { port, smtpPort } = settings.mailbox;
    const variable = err.message.includes(`:${port}`) ? 'MAILBOX_PORT' : 'MAILBOX_SMTP_PORT';
    const value = variable === 'MAILBOX_PORT' ? port : smtpPort;
    return new StartupError(
      `${variable} ${value} is already in use on 127.0.0.1: stop the process listening there, set ${variable} to a free port, or set SMTP_URL to send through a real SMTP server.`,
    );
  }
  const reason = err instanceof Error ? err.message : String(err);
  return new StartupError(
    `The development mailbox (maildev) could not start: ${reason}. Set SMTP_URL to send through a real SMTP server instead.`,
  );
}

/** Starts the development mailbox now when SMTP_URL is unset; the worker waits for sendFrom. */
export function startMail(settings: MailSettings, logger: Logger): MailStart {
  const mailbox = settings.smtpUrl
    ? undefined
    : startDevMailbox({ port: settings.mailbox.port, smtpPort: settings.mailbox.smtpPort });
  // Handled in sendFrom; this only keeps an early failure from counting as unhandled.
  mailbox?.catch(() => {});
  if (!settings.smtpUrl && process.env.NODE_ENV === 'production') {
    logger.warn({}, 'mail: SMTP_URL is unset, so mail goes to the development mailbox only');
  }
  return {
    async sendFrom(db) {
      const devMailbox = await mailbox?.catch((err: unknown) => {
        throw startupProblem(err, settings);
      });
      devMailbox?.onExit((code) =>
        logger.error(
          { code },
          'mail: the development mailbox stopped; mail waits in the outbox until a restart',
        ),
      );
      const smtpUrl = settings.smtpUrl ?? (devMailbox as DevMailbox).smtpUrl;
      const worker = startMailWorker({
        db,
        smtpUrl,
        from: settings.from,
        logger,
        // The mailbox's STARTTLS has a self-signed certificate; loopback needs none.
        ...(devMailbox ? { ignoreTLS: true } : {}),
      });
      return {
        worker,
        mailbox: devMailbox,
        description: devMailbox
          ? `Development mailbox: ${devMailbox.webUrl}`
          : `Mail goes out through ${redactSmtpUrl(smtpUrl)}`,
        async stop() {
          await worker.stop();
          await devMailbox?.close();
        },
      };
    },
  };
}
