import { authError } from './errors.ts';

// Which characters the text of an /auth/v1 body may hold (docs/decisions/0020-auth-fidelity.md).
// PostgreSQL stores neither NUL (in text or jsonb) nor half a UTF-16 surrogate pair, so no field
// may hold them; identifiers (email, refresh token, ...) are single-line names with no control
// character at all; a password may hold anything else (it is only hashed); user metadata is free
// text, so tab and line breaks stay allowed there.

/** A UTF-16 surrogate without its pair (JSON can spell one; PostgreSQL cannot store it). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** What free text may hold of the control characters. */
const FREE_TEXT_CONTROLS = new Set(['\t', '\n', '\r']);

/** C0 controls, DEL and C1 controls. */
const isControl = (code: number) => code < 0x20 || (code >= 0x7f && code <= 0x9f);

function hasControl(text: string, allowed: ReadonlySet<string>): boolean {
  for (const char of text) {
    if (isControl(char.codePointAt(0) ?? 0) && !allowed.has(char)) return true;
  }
  return false;
}

type Rule = (text: string) => boolean;
const unstorable: Rule = (t) => t.includes('\0') || LONE_SURROGATE.test(t);
const identifier: Rule = (t) => hasControl(t, new Set()) || unstorable(t);
const freeText: Rule = (t) => hasControl(t, FREE_TEXT_CONTROLS) || unstorable(t);

/** The rule for a top-level field's strings; keys at any depth are identifiers. */
const FIELD_RULES: Record<string, Rule> = { password: unstorable, data: freeText };

function refused(path: string): never {
  throw authError('validation_failed', `${path}: must not contain control characters`);
}

/** Walks a field's value without recursion (a deeply nested body cannot overflow the stack). */
function check(field: unknown, rule: Rule, fieldPath: string): void {
  const pending: [unknown, string][] = [[field, fieldPath]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (rule(value)) refused(path);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, v] of Object.entries(value)) {
        if (identifier(key)) refused(path);
        pending.push([v, `${path}.${key}`]);
      }
    }
  }
}

/**
 * Refuses a JSON body with a character its field may not hold: 400 validation_failed naming the
 * field, before anything reaches the database (which would fail on NUL with a 500).
 */
export function checkBodyText(body: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(body)) {
    if (identifier(key)) refused('body');
    check(value, FIELD_RULES[key] ?? identifier, key);
  }
}
