// Queueing a mail: one row in keebshop.mail_outbox, written in the caller's transaction so the mail
// exists exactly when what causes it does (migrations/server/0003_mail_outbox.sql).
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import type { MailContent, MailKind } from './content.ts';

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
    [`<${randomUUID()}@keebshop>`, kind, to, content.subject, content.text, content.html],
  );
}
