// The development mailbox's process (maildev), started by dev-mailbox.ts: its own heap, so the
// shop's stays small (docs/decisions/0029-mail-outbox-and-development-mailbox.md). Reports its
// ports over IPC once listening, and ends when asked (SIGTERM) or when the server is gone.
import '../source-maps.ts';
import { MailDev } from 'maildev';

/** What the process tells its parent once: where it listens, or why it could not. */
export type MailboxMessage =
  | { ready: true; webPort: number; smtpPort: number }
  | { ready: false; error: string; code?: string };

const send = (message: MailboxMessage) => process.send?.(message);

async function main(): Promise<void> {
  const webPort = Number(process.env.MAILBOX_PORT);
  const smtpPort = Number(process.env.MAILBOX_SMTP_PORT);
  const mailbox = new MailDev({
    web: webPort,
    smtp: smtpPort,
    ip: '127.0.0.1',
    webIp: '127.0.0.1',
    // A directory of this run's own, not maildev's shared /tmp/maildev.
    ...(process.env.MAILBOX_DIR ? { mailDirectory: process.env.MAILBOX_DIR } : {}),
    // The newest 500: the inbox of a development shop, not an archive.
    maxEmails: 500,
    silent: true,
  });
  let stopping: Promise<void> | undefined;
  const stop = () => {
    // A stop that hangs (an open web page's socket) must not hold the ports for the next start.
    setTimeout(() => process.exit(0), 2000).unref();
    stopping ??= mailbox.stop().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // The server died without stopping this process (even SIGKILL closes the channel): end too.
  process.on('disconnect', stop);
  try {
    const servers = await mailbox.start();
    send({
      ready: true,
      webPort: servers.api?.getPort() ?? webPort,
      smtpPort: servers.smtp.getPort(),
    });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    send({
      ready: false,
      error: err instanceof Error ? err.message : String(err),
      ...(code ? { code } : {}),
    });
    process.exit(1);
  }
}

void main();
