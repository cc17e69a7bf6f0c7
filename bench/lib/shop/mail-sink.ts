// The crash run's mail server: a real SMTP server (smtp-server) in the harness process that the shop
// under test sends its outbox to (SMTP_URL). It keeps every message it accepts, parsed (mailparser),
// with the time it arrived, and can refuse everything with 421 for a while, as a mail server that
// is down does, so mails queue up in the outbox across kills. Not the vitest harness
// (src/server/test-support/smtp.ts): scripts run without vitest.
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One accepted message. */
export interface SinkMail {
  messageId: string;
  to: string[];
  subject: string;
  text: string;
  /** Date.now() when it was accepted. */
  at: number;
}

export interface MailSink {
  /** smtp://127.0.0.1:port, for the server's SMTP_URL. */
  url: string;
  /** Every message accepted, in arrival order (a redelivery appears again). */
  received: SinkMail[];
  /** While true, every message is refused with 421. */
  refusing: boolean;
  /** Messages refused so far. */
  refused: number;
  close(): Promise<void>;
}

/** Starts the sink on a free loopback port; any credentials are accepted, none are required. */
export async function startMailSink(): Promise<MailSink> {
  const state = { refusing: false, refused: 0 };
  const received: SinkMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'shop' });
    },
    onData(stream, session, callback) {
      if (state.refusing) {
        state.refused += 1;
        stream.resume();
        stream.on('end', () =>
          callback(Object.assign(new Error('Try again later'), { responseCode: 421 })),
        );
        return;
      }
      simpleParser(stream).then(
        (parsed) => {
          received.push({
            messageId: parsed.messageId ?? '',
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            at: Date.now(),
          });
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  // A killed client leaves its connection half-open: that is the client's problem, not the run's.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    get refusing() {
      return state.refusing;
    },
    set refusing(value: boolean) {
      state.refusing = value;
    },
    get refused() {
      return state.refused;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
