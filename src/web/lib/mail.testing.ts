// The auth mails a component test's server queued (keebshop.mail_outbox, read as the database
// owner), and their links followed as a mail reader's browser does: GET the link, then open the
// redirect's address in this page, where the app's start-up capture takes the fragment.
import { captureMailedLink } from './mailed-link.ts';
import type { TestShop } from './test-shop.testing.tsx';

export interface OutboxMail {
  kind: string;
  subject: string;
  text_body: string;
}

/** The newest mail of `kind` to `to`; fails the test when there is none. */
export async function lastMail(shop: TestShop, to: string, kind: string): Promise<OutboxMail> {
  const rows = await shop.server.query<OutboxMail>(
    `SELECT kind, subject, text_body FROM keebshop.mail_outbox
     WHERE lower(recipient) = lower($1) AND kind = $2 ORDER BY id DESC LIMIT 1`,
    [to, kind],
  );
  if (!rows[0]) throw new Error(`no ${kind} mail queued for ${to}`);
  return rows[0];
}

/** The /auth/v1/verify link in a mail. */
export function linkIn(mail: OutboxMail): string {
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?[^\s>)\]]+/.exec(mail.text_body)?.[0];
  if (!link) throw new Error(`no link in: ${mail.text_body}`);
  return link;
}

/** The 6-digit code in a mail. */
export function codeIn(mail: OutboxMail): string {
  const code = /\b(\d{6})\b/.exec(mail.text_body)?.[1];
  if (!code) throw new Error(`no code in: ${mail.text_body}`);
  return code;
}

/**
 * Follows a mailed link on the test server (whatever origin it names) and opens where it leads in
 * this page, as the browser would after the 303, with the app's start-up capture.
 */
export async function openMailedLink(shop: TestShop, link: string): Promise<void> {
  const { pathname, search } = new URL(link);
  const res = await fetch(`${shop.server.url}${pathname}${search}`, { redirect: 'manual' });
  await res.arrayBuffer();
  if (res.status !== 303) throw new Error(`the link answered ${res.status}, not 303`);
  const target = new URL(res.headers.get('location') ?? '');
  window.history.replaceState(null, '', `${target.pathname}${target.search}${target.hash}`);
  captureMailedLink();
}
