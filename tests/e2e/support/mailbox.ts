// The development mailbox of the browser tests' server (maildev, docs/operations.md "Mail"): what
// the shop mailed, read through maildev's REST API as a shopper reads their inbox.
import { expect } from '@playwright/test';
import { mailboxOrigin } from './shared-server.ts';

export { mailboxOrigin, mailboxSmtpPort } from './shared-server.ts';

/** One mail as the mailbox holds it. */
export interface MailboxMail {
  id: string;
  subject: string;
  text: string;
  html: string;
  /** The envelope's recipients, lower-cased. */
  to: string[];
  /** The From header's address. */
  from: string;
  messageId: string;
  /** When the mailbox received it. */
  time: Date;
}

interface MaildevEmail {
  id: string;
  subject?: string;
  text?: string;
  html?: string;
  time: string;
  from?: { address: string }[];
  to?: { address: string }[];
  envelope?: { to?: { address: string }[] };
  headers?: Record<string, string>;
}

function toMail(email: MaildevEmail): MailboxMail {
  const to = email.envelope?.to ?? email.to ?? [];
  return {
    id: email.id,
    subject: email.subject ?? '',
    text: email.text ?? '',
    html: email.html ?? '',
    to: to.map((r) => r.address.toLowerCase()),
    from: email.from?.[0]?.address ?? '',
    messageId: email.headers?.['message-id'] ?? '',
    time: new Date(email.time),
  };
}

/** Every mail to `email` (any case) in the mailbox at `origin`, oldest first. */
export async function mailsTo(email: string, origin = mailboxOrigin()): Promise<MailboxMail[]> {
  const res = await fetch(`${origin}/api/email`, { signal: AbortSignal.timeout(5000) });
  if (!res.ok) throw new Error(`the mailbox at ${origin} answered ${res.status}`);
  const address = email.toLowerCase();
  return ((await res.json()) as MaildevEmail[])
    .map(toMail)
    .filter((mail) => mail.to.includes(address))
    .sort((a, b) => a.time.getTime() - b.time.getTime());
}

// How often a wait below asks the mailbox again: soon at first, then every quarter second.
const INTERVALS = [100, 250];

/**
 * Waits until the mailbox at `origin` answers (its page can then be opened): a server answers
 * /healthz before its mailbox listens, a few seconds later.
 */
export async function mailboxReady(origin = mailboxOrigin(), timeout = 15_000): Promise<void> {
  await expect(async () => {
    const res = await fetch(`${origin}/api/healthz`, { signal: AbortSignal.timeout(5000) });
    expect(res.status, `the mailbox at ${origin}`).toBe(200);
  }).toPass({ timeout, intervals: INTERVALS });
}

export interface WaitForMailOptions {
  /** Default 15 s: the worker sends within a second or two, retries take longer. */
  timeoutMs?: number;
  origin?: string;
  /** Skips mails already seen (e.g. the first of two resets): those with these ids. */
  except?: readonly string[];
}

/**
 * Waits for the newest mail to `email` whose subject contains (or matches) `subject` (any subject
 * when omitted), asking the mailbox again until it is there (a mailbox not listening yet included).
 */
export async function waitForMail(
  email: string,
  subject?: string | RegExp,
  options: WaitForMailOptions = {},
): Promise<MailboxMail> {
  const fits = (mail: MailboxMail) =>
    !options.except?.includes(mail.id) &&
    (subject === undefined ||
      (typeof subject === 'string' ? mail.subject.includes(subject) : subject.test(mail.subject)));
  let found: MailboxMail | undefined;
  await expect(async () => {
    found = (await mailsTo(email, options.origin)).filter(fits).at(-1);
    expect(found, `a mail to ${email}${subject ? ` about ${String(subject)}` : ''}`).toBeDefined();
  }).toPass({ timeout: options.timeoutMs ?? 15_000, intervals: INTERVALS });
  return found!;
}

/** The first link in `mail`'s text starting with `prefix` (e.g. the shop's origin). */
export function linkIn(mail: MailboxMail, prefix: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no link starting ${prefix} in the mail "${mail.subject}"`);
  return link;
}
