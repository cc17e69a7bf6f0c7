// What a mail says, as plain text and HTML built from one description, so the two never disagree.
// Every text a mail shows lives in src/server/mail/texts/; this module only lays them out.
import { escapeHtml } from '../web/escape.ts';

/** The kinds of mail the shop sends; the outbox records which one each row is. */
export type MailKind =
  | 'order_confirmation'
  | 'order_shipped'
  | 'order_refunded'
  | 'recovery'
  | 'signup_confirmation'
  | 'email_change_new'
  | 'email_change_old'
  | 'password_changed'
  | 'reauthentication';

/** One mail, ready to queue: the subject and both bodies. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** A block of a mail's body. */
export type MailBlock =
  | { paragraph: string }
  /** A button in HTML; the label and the full URL on their own lines in text. */
  | { action: { label: string; url: string } }
  /** Label-value rows: an address, totals, tracking. */
  | { facts: readonly (readonly [label: string, value: string])[] }
  /** A table of lines: header cells, then rows; the last column is right-aligned. */
  | { table: { head: readonly string[]; rows: readonly (readonly string[])[] } }
  /** A short code to type in, shown large. */
  | { code: string };

export interface MailLayout {
  subject: string;
  /** The heading at the top of the body. */
  heading: string;
  blocks: readonly MailBlock[];
  /** Why the shopper got this mail; shown small at the end. */
  footer: string;
}

function textBlock(block: MailBlock): string {
  if ('paragraph' in block) return block.paragraph;
  if ('action' in block) return `${block.action.label}:\n${block.action.url}`;
  if ('facts' in block) return block.facts.map(([label, value]) => `${label}: ${value}`).join('\n');
  if ('code' in block) return block.code;
  return [block.table.head, ...block.table.rows].map((row) => row.join(' | ')).join('\n');
}

const cell = 'padding:4px 8px;border-bottom:1px solid #ddd;text-align:left';
const lastCell = 'padding:4px 8px;border-bottom:1px solid #ddd;text-align:right';

function htmlBlock(block: MailBlock): string {
  if ('paragraph' in block) return `<p>${escapeHtml(block.paragraph)}</p>`;
  if ('action' in block) {
    const href = escapeHtml(block.action.url);
    return (
      `<p><a href="${href}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;` +
      `color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(block.action.label)}</a></p>` +
      `<p style="font-size:13px;color:#444">Or open this address: <a href="${href}">${href}</a></p>`
    );
  }
  if ('facts' in block) {
    const rows = block.facts
      .map(
        ([label, value]) =>
          `<tr><th scope="row" style="${cell}">${escapeHtml(label)}</th>` +
          `<td style="${cell}">${escapeHtml(value)}</td></tr>`,
      )
      .join('');
    return `<table role="presentation" style="border-collapse:collapse">${rows}</table>`;
  }
  if ('code' in block) {
    return `<p style="font-size:28px;letter-spacing:4px;font-family:monospace">${escapeHtml(block.code)}</p>`;
  }
  const style = (i: number, n: number) => (i === n - 1 ? lastCell : cell);
  const head = block.table.head
    .map((h, i, all) => `<th scope="col" style="${style(i, all.length)}">${escapeHtml(h)}</th>`)
    .join('');
  const rows = block.table.rows
    .map(
      (row) =>
        `<tr>${row.map((c, i, all) => `<td style="${style(i, all.length)}">${escapeHtml(c)}</td>`).join('')}</tr>`,
    )
    .join('');
  return `<table style="border-collapse:collapse"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;
}

/** Lays a mail out as plain text and as HTML that reads well without images or styles. */
export function layoutMail(mail: MailLayout): MailContent {
  const text = [mail.heading, ...mail.blocks.map(textBlock), '--', mail.footer].join('\n\n');
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    `<title>${escapeHtml(mail.subject)}</title></head>` +
    '<body style="font-family:system-ui,sans-serif;color:#111;line-height:1.5;max-width:600px">' +
    `<h1 style="font-size:22px">${escapeHtml(mail.heading)}</h1>` +
    mail.blocks.map(htmlBlock).join('') +
    `<hr><p style="font-size:13px;color:#444">${escapeHtml(mail.footer)}</p></body></html>`;
  return { subject: mail.subject, text, html };
}
