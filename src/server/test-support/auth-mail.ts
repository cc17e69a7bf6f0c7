// Reading the auth mails a test server queued (keebshop.mail_outbox) and following their links as
// a mail reader does: GET on the link, the session or error read from the redirect's fragment.
import type { Database } from '../db/types.ts';
import { renderQueuedMail } from '../mail/order-mail-render.ts';
import type { TestServer } from './shop.ts';

export interface QueuedMail {
  kind: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
}

/** A row as read (`data` as text), its bodies rendered from its data when it has some. */
export function withBodies(row: QueuedMail & { data: string | null }): QueuedMail {
  const { data, ...mail } = row;
  if (data === null) return mail;
  const content = renderQueuedMail(mail.kind, JSON.parse(data));
  return { ...mail, text_body: content.text, html_body: content.html };
}

/** The mails queued for `recipient` (of `kind`, when given), oldest first. */
export async function mailsTo(
  db: Database,
  recipient: string,
  kind?: string,
): Promise<QueuedMail[]> {
  const { rows } = await db.query<QueuedMail & { data: string | null }>(
    `SELECT kind, recipient, subject, text_body, html_body, data::text AS data
     FROM keebshop.mail_outbox
     WHERE recipient = $1 AND ($2::text IS NULL OR kind = $2::text) ORDER BY id`,
    [recipient, kind ?? null],
  );
  return rows.map(withBodies);
}

/** The newest mail of `kind` to `recipient`; fails the test when there is none. */
export async function lastMailTo(
  db: Database,
  recipient: string,
  kind: string,
): Promise<QueuedMail> {
  const mails = await mailsTo(db, recipient, kind);
  const last = mails.at(-1);
  if (!last) throw new Error(`no ${kind} mail queued for ${recipient}`);
  return last;
}

/** The /auth/v1/verify link in a mail's text. */
export function verifyLinkIn(mail: QueuedMail): string {
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text_body)?.[0];
  if (!link) throw new Error(`no verify link in: ${mail.text_body}`);
  return link;
}

/** The link's token (its `token` parameter, what verifyOtp takes as token_hash). */
export const tokenOf = (link: string): string => new URL(link).searchParams.get('token') ?? '';

export interface FollowedLink {
  status: number;
  /** The Cache-Control header of the answer. */
  cacheControl: string | null;
  /** The redirect's target without its fragment. */
  target: string;
  /** The fragment's parameters (session or error). */
  fragment: Record<string, string>;
}

/** Opens a mailed link on the test server (whatever origin the link names) without following. */
export async function followLink(server: TestServer, link: string): Promise<FollowedLink> {
  const { pathname, search } = new URL(link);
  const res = await server.fetch(`${server.url}${pathname}${search}`, { redirect: 'manual' });
  const location = res.headers.get('location') ?? '';
  const [target = '', hash = ''] = location.split('#');
  return {
    status: res.status,
    cacheControl: res.headers.get('cache-control'),
    target,
    fragment: Object.fromEntries(new URLSearchParams(hash)),
  };
}
