// A real SMTP server in the test process (smtp-server), parsing each message it receives
// (mailparser): tests point SMTP_URL at it and read what the shop sent, as a mail client would.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { waitFor } from './wait.ts';

/** One received message: its envelope and the parsed mail. */
export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  parsed: ParsedMail;
}

export interface TestSmtpServer {
  /** `smtp://user:pass@127.0.0.1:port`, for SMTP_URL. */
  url: string;
  /** Every message received so far, in arrival order. */
  received: ReceivedMail[];
  /** The messages to `address` (lower-cased compare). */
  mailsTo(address: string): ReceivedMail[];
  /** Waits until `count` messages to `address` have arrived (default 1) and returns them. */
  waitForMails(address: string, count?: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** While true, every message is refused with a temporary failure (421), as a server down would. */
  refusing: boolean;
  close(): Promise<void>;
}

/** Starts an SMTP server on a free port that accepts the user `shop` with password `mail-test`. */
export async function startTestSmtp(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const state = { refusing: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'shop' && auth.password === 'mail-test')
        callback(null, { user: 'shop' });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      if (state.refusing) {
        stream.resume();
        stream.on('end', () =>
          callback(Object.assign(new Error('Try again later'), { responseCode: 421 })),
        );
        return;
      }
      simpleParser(stream).then(
        (parsed) => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            messageId: parsed.messageId ?? '',
            parsed,
          });
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const mailsTo = (address: string) => received.filter((m) => m.to.includes(address.toLowerCase()));
  return {
    url: `smtp://shop:mail-test@127.0.0.1:${port}`,
    received,
    mailsTo,
    waitForMails: (address, count = 1, timeoutMs = 15_000) =>
      waitFor(async () => {
        const mails = mailsTo(address);
        return mails.length >= count ? mails : undefined;
      }, timeoutMs),
    get refusing() {
      return state.refusing;
    },
    set refusing(value: boolean) {
      state.refusing = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in `mail`'s text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`No link starting ${prefix} in the mail "${mail.subject}"`);
  return link;
}
