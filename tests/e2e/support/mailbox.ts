// The development mailbox of the browser tests' server (maildev, docs/operations.md "Mail"): what
// the shop mailed, read through maildev's REST API as a shopper reads their inbox. No Playwright
// here: web-server.ts imports the port too.

const e2ePort = Number(process.env.E2E_PORT ?? 3200);
/** MAILBOX_PORT of the server web-server.ts starts: E2E_MAILBOX_PORT, or E2E_PORT + 2. */
export const mailboxPort = Number(process.env.E2E_MAILBOX_PORT ?? e2ePort + 2);
/** Its SMTP port: E2E_MAILBOX_SMTP_PORT, or E2E_PORT + 3 (E2E_PORT + 1 is the payments sandbox). */
export const mailboxSmtpPort = Number(process.env.E2E_MAILBOX_SMTP_PORT ?? e2ePort + 3);
/** The mailbox's page and REST API. */
export const mailboxOrigin = `http://127.0.0.1:${mailboxPort}`;

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

/**
 * GET `path` of the mailbox. The server answers /healthz before its mailbox listens (two or three
 * seconds later), so a refused connection is tried again for up to `timeoutMs`.
 */
async function getFromMailbox(origin: string, path: string, timeoutMs = 15_000): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fetch(`${origin}${path}`, { signal: AbortSignal.timeout(5000) });
    } catch (err) {
      if (Date.now() > deadline)
        throw new Error(`the mailbox at ${origin} did not answer`, { cause: err });
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/** Waits until the mailbox at `origin` answers (its page can then be opened). */
export async function mailboxReady(origin = mailboxOrigin): Promise<void> {
  const res = await getFromMailbox(origin, '/api/healthz');
  if (!res.ok) throw new Error(`the mailbox at ${origin} answered ${res.status}`);
}

/** Every mail to `email` (any case) in the mailbox at `origin`, oldest first. */
export async function mailsTo(email: string, origin = mailboxOrigin): Promise<MailboxMail[]> {
  const res = await getFromMailbox(origin, '/api/email');
  if (!res.ok) throw new Error(`the mailbox at ${origin} answered ${res.status}`);
  const address = email.toLowerCase();
  return ((await res.json()) as MaildevEmail[])
    .map(toMail)
    .filter((mail) => mail.to.includes(address))
    .sort((a, b) => a.time.getTime() - b.time.getTime());
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
 * when omitted), polling the mailbox every 200 ms.
 */
export async function waitForMail(
  email: string,
  subject?: string | RegExp,
  options: WaitForMailOptions = {},
): Promise<MailboxMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  const fits = (mail: MailboxMail) =>
    !options.except?.includes(mail.id) &&
    (subject === undefined ||
      (typeof subject === 'string' ? mail.subject.includes(subject) : subject.test(mail.subject)));
  for (;;) {
    const found = (await mailsTo(email, options.origin)).filter(fits).at(-1);
    if (found) return found;
    if (Date.now() > deadline) {
      throw new Error(`no mail to ${email}${subject ? ` about ${String(subject)}` : ''} arrived`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The first link in `mail`'s text starting with `prefix` (e.g. the shop's origin). */
export function linkIn(mail: MailboxMail, prefix: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no link starting ${prefix} in the mail "${mail.subject}"`);
  return link;
}
