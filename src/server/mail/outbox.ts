// Queueing a mail: one row in keebshop.mail_outbox, written in the caller's transaction so the mail
// exists exactly when what causes it does (migrations/server/0003_mail_outbox.sql). Order mails
// store their data and are rendered when sent (0004_mail_outbox_data.sql, order-mail-render.ts).
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import type { MailContent, MailKind } from './content.ts';
import { orderMailSubject, type OrderMailData, type OrderMailKind } from './order-mail-render.ts';

const newMessageId = () => `<${randomUUID()}@keebshop>`;

/** Queues `content` for `to`; the worker sends it once the caller's transaction commits. */
export async function queueMail(
  tx: Queryable,
  kind: MailKind,
  to: string,
  content: MailContent,
): Promise<void> {
  await tx.query(
    `INSERT INTO keebshop.mail_outbox (message_id, kind, recipient, subject, text_body, html_body)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [newMessageId(), kind, to, content.subject, content.text, content.html],
  );
}

/**
 * Queues the order mail of `kind` for `to` as its data; the worker renders it when it sends it.
 * Only the subject is worked out now (by the texts' subject functions, nothing else rendered),
 * for the outbox's record of what was sent to whom.
 */
export async function queueOrderMail<K extends OrderMailKind>(
  tx: Queryable,
  kind: K,
  to: string,
  data: OrderMailData[K],
): Promise<void> {
  const subject = orderMailSubject(kind, data);
  await tx.query(
    `INSERT INTO keebshop.mail_outbox (message_id, kind, recipient, subject, data)
     VALUES ($1, $2, $3, $4, $5::jsonb)`,
    [newMessageId(), kind, to, subject, JSON.stringify(data)],
  );
}
