// One SMTP connection per message, with timeouts well inside a claim's lease, so a hung server
// ends in a failed attempt (retried) rather than a lease that runs out mid-send.
import type { Transporter } from 'nodemailer';
import type { ClaimedMail } from './claims.ts';

/** Longest wait for a TCP/TLS connection and for the greeting. */
const CONNECT_TIMEOUT_MS = 10_000;
/** Longest silence from the server during a send. */
const SOCKET_TIMEOUT_MS = 30_000;
/** The longest one send can take before it fails: a claim's lease must be well above this. */
export const SEND_TIMEOUT_MS = 2 * CONNECT_TIMEOUT_MS + SOCKET_TIMEOUT_MS;

export interface MailTransport {
  send(mail: ClaimedMail): Promise<void>;
  close(): void;
}

export interface TransportOptions {
  /** smtp:// or smtps://, with credentials if the server wants them. */
  smtpUrl: string;
  /** The From header (MAIL_FROM). */
  from: string;
  /** Plain SMTP only, even if the server offers STARTTLS (the development mailbox on loopback). */
  ignoreTLS?: boolean;
}

/**
 * Sends claimed rows with their own Message-ID, so a resend is recognisably the same message.
 * nodemailer is loaded with the first mail: a shop that sends none does not hold it in memory.
 */
export function createMailTransport(options: TransportOptions): MailTransport {
  let opened: Promise<Transporter> | undefined;
  const open = () =>
    (opened ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: options.smtpUrl,
        connectionTimeout: CONNECT_TIMEOUT_MS,
        greetingTimeout: CONNECT_TIMEOUT_MS,
        socketTimeout: SOCKET_TIMEOUT_MS,
        ...(options.ignoreTLS ? { ignoreTLS: true } : {}),
      }),
    ));
  return {
    async send(mail) {
      const transporter = await open();
      await transporter.sendMail({
        from: options.from,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
      });
    },
    close: () => void opened?.then((t) => t.close()),
  };
}
