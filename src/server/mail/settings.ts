// The mail channel's environment variables, merged into the server's one config schema
// (src/server/config.ts); docs/operations.md, "Mail", explains each.
import { z } from 'zod';

/** `local@domain`: no spaces or angle brackets, one @ (shop@localhost is fine). */
const ADDRESS = /^[^\s@<>"]+@[^\s@<>"]+$/;
/** `Display Name <local@domain>`, `"Display Name" <local@domain>` or a bare `local@domain`. */
const FROM = /^(?:(?:"[^"\r\n]*"|[^<>@"\r\n]*[^\s<>@"])\s*<([^<>]+)>|<([^<>]+)>|([^<>]+))$/;

function addressOf(from: string): string | undefined {
  const match = FROM.exec(from.trim());
  const address = match ? (match[1] ?? match[2] ?? match[3] ?? '').trim() : '';
  return ADDRESS.test(address) ? address : undefined;
}

/** An smtp:// or smtps:// URL with a host; credentials, if any, in the user-info part. */
function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

// Messages never repeat the value: SMTP_URL carries the password.
export const mailEnvShape = {
  /** The SMTP server the shop sends through; unset: the development mailbox (maildev). */
  SMTP_URL: z
    .string()
    .refine(isSmtpUrl, {
      error: 'must be an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example:465',
    })
    .optional(),
  /** The From header of every mail. */
  MAIL_FROM: z
    .string()
    .refine((v) => addressOf(v) !== undefined, {
      error: 'must be a mail address, e.g. "Keebshop <shop@example.com>" or shop@example.com',
    })
    .default('Keebshop <shop@localhost>'),
  /** The development mailbox's web page (and REST API) on 127.0.0.1; 0: a free port. */
  MAILBOX_PORT: z.coerce.number().int().min(0).max(65535).default(1080),
  /** The development mailbox's SMTP port on 127.0.0.1; 0 (the default): a free port. */
  MAILBOX_SMTP_PORT: z.coerce.number().int().min(0).max(65535).default(0),
};

export interface MailSettings {
  /** SMTP_URL; undefined: mail goes to the development mailbox. */
  smtpUrl: string | undefined;
  /** MAIL_FROM as given, e.g. `Keebshop <shop@localhost>`. */
  from: string;
  /** The address part of MAIL_FROM: the envelope sender. */
  fromAddress: string;
  /** The development mailbox's ports (used only without SMTP_URL). */
  mailbox: { port: number; smtpPort: number };
}

type MailEnv = z.infer<z.ZodObject<typeof mailEnvShape>>;

/** Builds the mail settings from the validated environment. */
export function mailSettingsFrom(e: MailEnv): MailSettings {
  return {
    smtpUrl: e.SMTP_URL,
    from: e.MAIL_FROM.trim(),
    fromAddress: addressOf(e.MAIL_FROM) as string,
    mailbox: { port: e.MAILBOX_PORT, smtpPort: e.MAILBOX_SMTP_PORT },
  };
}

/** `url` without its password, for logs and messages: smtps://user:***@host:465. */
export function redactSmtpUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return '(invalid SMTP_URL)';
  }
}
