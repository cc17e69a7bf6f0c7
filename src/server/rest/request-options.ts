import type { Context } from 'hono';
import { restError } from './errors.ts';
import type { JsonPayload } from './write-sql.ts';

/** How `Prefer: count=` asks for the total: counted, the planner's estimate, or either by size. */
export type CountMethod = 'exact' | 'planned' | 'estimated';

/** The `Prefer` header's values, as postgrest-js sends them (comma-joined when combined). */
export interface Preferences {
  return: 'minimal' | 'representation';
  count?: CountMethod;
  /** `missing=default`: keys a row leaves out take the column's default instead of NULL. */
  missing?: 'default' | 'null';
  /** `resolution=merge-duplicates|ignore-duplicates`: an upsert, which this API refuses. */
  resolution?: string;
}

/** Parses `Prefer`; unknown preferences are ignored, as PostgREST does unless handling=strict. */
export function parsePrefer(header: string | undefined): Preferences {
  const prefs: Preferences = { return: 'minimal' };
  for (const part of (header ?? '').split(/[,;]/)) {
    const [key, value] = part
      .trim()
      .split('=', 2)
      .map((s) => s.trim().toLowerCase());
    if (key === 'return' && value === 'representation') prefs.return = 'representation';
    if (key === 'count' && (value === 'exact' || value === 'planned' || value === 'estimated')) {
      prefs.count = value;
    }
    if (key === 'missing' && (value === 'default' || value === 'null')) prefs.missing = value;
    if (key === 'resolution' && value) prefs.resolution = value;
  }
  return prefs;
}

/** Whether a total is counted: exact and estimated count; planned asks the planner (reads only). */
export function countsRows(prefs: Preferences): boolean {
  return prefs.count === 'exact' || prefs.count === 'estimated';
}

/** The `Preference-Applied` header value for what this server honoured. */
export function appliedPreferences(
  prefs: Preferences,
  action: 'read' | 'insert' | 'write' | 'call',
): string | undefined {
  const applied = [];
  if (action === 'insert' && prefs.missing) applied.push(`missing=${prefs.missing}`);
  if (action === 'insert' || action === 'write') applied.push(`return=${prefs.return}`);
  if (prefs.count) applied.push(`count=${prefs.count}`);
  return applied.length ? applied.join(', ') : undefined;
}

/** The `Content-Range` value: the rows' positions (or `*` when none) and the total (or `*`). */
export function contentRange(first: number, count: number, total: number | undefined): string {
  const range = count > 0 && total !== 0 ? `${first}-${first + count - 1}` : '*';
  return `${range}/${total === undefined ? '*' : String(total)}`;
}

/** Only the public schema is exposed: any other Accept-Profile / Content-Profile is 406 PGRST106. */
export function checkProfile(c: Context): void {
  for (const name of ['accept-profile', 'content-profile']) {
    const value = c.req.header(name);
    if (value !== undefined && value.trim() !== 'public') {
      throw restError(
        406,
        'PGRST106',
        'The schema must be one of the following: public',
        null,
        null,
      );
    }
  }
}

const OBJECT_TYPE = 'application/vnd.pgrst.object';
const ACCEPTABLE = new Set([
  '*/*',
  'application/*',
  'application/json',
  OBJECT_TYPE,
  `${OBJECT_TYPE}+json`,
]);

/** Whether the client asked for a single object (`.single()`), or 406 for media types we cannot produce. */
export function wantsSingleObject(c: Context): boolean {
  const header = c.req.header('accept');
  if (!header) return false;
  const types = header.split(',').map((t) => (t.split(';')[0] ?? '').trim().toLowerCase());
  if (types.some((t) => t.startsWith(OBJECT_TYPE))) return true;
  if (types.some((t) => ACCEPTABLE.has(t) || t === '')) return false;
  throw restError(406, 'PGRST107', `None of these media types are available: ${header}`);
}

function invalidBody(message: string, details: string | null = null) {
  return restError(400, 'PGRST102', message, details);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Rows to insert without `columns=` must all have the same keys, as PostgREST requires (400
 * PGRST102): otherwise a key one row lacks would silently become NULL in it.
 */
export function checkSameKeys(rows: readonly Record<string, unknown>[]): void {
  const keysOf = (row: Record<string, unknown>) => Object.keys(row).sort().join('\0');
  const first = rows[0] ? keysOf(rows[0]) : '';
  if (rows.some((row) => keysOf(row) !== first)) throw invalidBody('All object keys must match');
}

/** Reads a JSON body of one object or an array of objects (empty or malformed -> 400 PGRST102). */
export async function readJsonPayload(
  c: Context,
  options: { allowArray: boolean },
): Promise<JsonPayload> {
  return parseJsonPayload(c.req.header('content-type'), await c.req.text(), options);
}

/** Parses a JSON body of one object or an array of objects (empty or malformed -> 400 PGRST102). */
export function parseJsonPayload(
  type: string | undefined,
  text: string,
  options: { allowArray: boolean },
): JsonPayload {
  if (type && !/^application\/json\b/i.test(type.trim())) {
    throw restError(415, 'PGRST107', `Content-Type not acceptable: ${type}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw invalidBody('Empty or invalid json', err instanceof Error ? err.message : null);
  }
  if (isPlainObject(parsed)) return { rows: [parsed], arrayText: `[${text}]`, objectText: text };
  if (Array.isArray(parsed) && options.allowArray) {
    if (!parsed.every(isPlainObject))
      throw invalidBody('All elements of the array must be JSON objects');
    return { rows: parsed, arrayText: text, objectText: '{}' };
  }
  throw invalidBody(
    options.allowArray ? 'Expected a JSON object or an array of objects' : 'Expected a JSON object',
  );
}
