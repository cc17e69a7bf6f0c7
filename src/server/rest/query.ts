import { parseError } from './errors.ts';

/** One column of `select=`: `col` or `alias:col`. */
export interface SelectItem {
  column: string;
  alias?: string;
}

/** `select=*` is null; otherwise the listed columns in order. */
export type Selection = SelectItem[] | null;

export type FilterOperator =
  'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'is' | 'in';

export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown';

export type Filter =
  | { column: string; negated: boolean; op: Exclude<FilterOperator, 'is' | 'in'>; value: string }
  | { column: string; negated: boolean; op: 'is'; value: IsValue }
  | { column: string; negated: boolean; op: 'in'; values: string[] };

export interface OrderTerm {
  column: string;
  descending: boolean;
  nulls?: 'first' | 'last';
}

/** A read (or the WHERE/ORDER/LIMIT part of a write) as PostgREST's query string describes it. */
export interface ReadQuery {
  select: Selection;
  filters: Filter[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
  /** The `columns=` list of an insert, if given. */
  columns?: string[];
}

const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict']);
const LOGIC = new Set(['or', 'and', 'not.or', 'not.and']);
const OPERATORS = new Set<string>([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'is',
  'in',
]);
const IS_VALUES = new Set<string>(['null', 'not_null', 'true', 'false', 'unknown']);

/** Bounds that keep one request's SQL small; PostgREST has similar practical limits. */
export const MAX_FILTERS = 64;
export const MAX_LIST_ITEMS = 1000;
const MAX_INTEGER = 2 ** 31 - 1;

/** A plain identifier as PostgREST accepts one in select/order/filter keys (anything but syntax). */
function checkName(name: string, where: string): string {
  if (name === '') throw parseError(`Empty column name in ${where}`);
  if (name.includes('->')) throw parseError(`JSON paths are not supported: "${name}" in ${where}`);
  if (name.includes('::')) throw parseError(`Casts are not supported: "${name}" in ${where}`);
  if (/[(),!]/.test(name) || name.startsWith('...')) {
    throw parseError(`Embedded resources are not supported: "${name}" in ${where}`);
  }
  return name;
}

/** Strips the double quotes PostgREST allows around names (`"my col"`), with `\"` escapes. */
function unquote(name: string): string {
  if (name.length >= 2 && name.startsWith('"') && name.endsWith('"')) {
    return name.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return name;
}

/** Splits at commas outside double quotes. */
function splitList(text: string): string[] {
  const items: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === '\\' && quoted && i + 1 < text.length) {
      current += ch + text[i + 1];
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
      current += ch;
    } else if (ch === ',' && !quoted) {
      items.push(current);
      current = '';
    } else current += ch;
  }
  if (quoted) throw parseError(`Unterminated double quote in "${text}"`);
  items.push(current);
  return items;
}

/** Removes whitespace outside double quotes, as PostgREST does for `select`. */
function stripWhitespace(text: string): string {
  let out = '';
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    if (quoted || !/\s/.test(ch)) out += ch;
  }
  return out;
}

/** Parses `select=`: `*`, `a,b`, `alias:a`, quoted names; whitespace outside quotes is ignored. */
export function parseSelect(raw: string | null): Selection {
  if (raw === null) return null;
  const compact = stripWhitespace(raw);
  if (compact === '' || compact === '*') return null;
  if (/[()]/.test(compact)) {
    throw parseError('Embedded resources are not supported in select', `select=${raw}`);
  }
  const items: SelectItem[] = [];
  for (const part of splitList(compact)) {
    if (part === '*') return null;
    checkName(part, 'select');
    const colon = part.indexOf(':');
    const alias =
      colon > 0 && !part.slice(0, colon).includes('"') ? part.slice(0, colon) : undefined;
    const column = unquote(checkName(alias ? part.slice(colon + 1) : part, 'select'));
    items.push(alias ? { column, alias: unquote(alias) } : { column });
  }
  return items;
}

/** Parses `order=a.desc,b.asc.nullslast`. */
export function parseOrder(raw: string | null): OrderTerm[] {
  if (raw === null || raw === '') return [];
  return splitList(raw).map((item) => {
    const parts = item.split('.');
    let nulls: OrderTerm['nulls'];
    let descending = false;
    const last = parts[parts.length - 1];
    if (parts.length > 1 && (last === 'nullsfirst' || last === 'nullslast')) {
      nulls = last === 'nullsfirst' ? 'first' : 'last';
      parts.pop();
    }
    const dir = parts[parts.length - 1];
    if (parts.length > 1 && (dir === 'asc' || dir === 'desc')) {
      descending = dir === 'desc';
      parts.pop();
    }
    const name = parts.join('.');
    if (name.includes('.') && !name.startsWith('"')) {
      throw parseError(
        `"failed to parse order (${item})"`,
        'expected column[.asc|.desc][.nullsfirst|.nullslast]',
      );
    }
    const column = unquote(checkName(name, 'order'));
    return nulls ? { column, descending, nulls } : { column, descending };
  });
}

function parseCount(raw: string | null, name: string): number | undefined {
  if (raw === null || raw === '') return undefined;
  if (!/^\d{1,10}$/.test(raw) || Number(raw) > MAX_INTEGER) {
    throw parseError(
      `"failed to parse ${name} (${raw})"`,
      `${name} must be a non-negative integer`,
    );
  }
  return Number(raw);
}

/** Parses the items of `in.(a,"b,c",d)`. */
function parseInList(value: string, raw: string): string[] {
  if (!value.startsWith('(') || !value.endsWith(')')) {
    throw parseError(
      `"failed to parse filter (${raw})"`,
      'in. expects a list in parentheses: in.(a,b)',
    );
  }
  const inner = value.slice(1, -1);
  if (inner === '') return [];
  const items = splitList(inner).map(unquote);
  if (items.length > MAX_LIST_ITEMS)
    throw parseError(`in.() accepts at most ${MAX_LIST_ITEMS} values`);
  return items;
}

/** Parses one filter `column=[not.]op.value`; the value is everything after the first dot. */
export function parseFilter(key: string, raw: string): Filter {
  const column = unquote(checkName(key, 'filter'));
  let rest = raw;
  let negated = false;
  if (rest.startsWith('not.')) {
    negated = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  const op = dot < 0 ? rest : rest.slice(0, dot);
  if (!OPERATORS.has(op) || dot < 0) {
    throw parseError(
      `"failed to parse filter (${raw})"`,
      `unknown operator "${op}": supported are ${[...OPERATORS].join(', ')}`,
    );
  }
  const value = rest.slice(dot + 1);
  if (op === 'in') return { column, negated, op, values: parseInList(value, raw) };
  if (op === 'is') {
    const v = value.toLowerCase();
    if (!IS_VALUES.has(v)) {
      throw parseError(
        `"failed to parse filter (${raw})"`,
        'is. expects null, not_null, true, false or unknown',
      );
    }
    return { column, negated, op, value: v as IsValue };
  }
  return { column, negated, op: op as Exclude<FilterOperator, 'is' | 'in'>, value };
}

/** Parses `columns="a","b"` (postgrest-js sends it on array inserts). */
export function parseColumns(raw: string | null): string[] | undefined {
  if (raw === null) return undefined;
  const names = splitList(raw.trim()).map((n) => unquote(checkName(n.trim(), 'columns')));
  return names;
}

/** Parses a PostgREST query string (already form-decoded: `+` is a space). */
export function parseReadQuery(params: URLSearchParams): ReadQuery {
  const filters: Filter[] = [];
  for (const [key, value] of params) {
    if (RESERVED.has(key)) continue;
    if (LOGIC.has(key)) throw parseError(`Logical filters (${key}=) are not supported`);
    if (filters.length >= MAX_FILTERS)
      throw parseError(`At most ${MAX_FILTERS} filters are accepted`);
    filters.push(parseFilter(key, value));
  }
  if (params.has('on_conflict')) throw parseError('Upserts (on_conflict=) are not supported');
  const query: ReadQuery = {
    select: parseSelect(params.get('select')),
    filters,
    order: parseOrder(params.get('order')),
  };
  const limit = parseCount(params.get('limit'), 'limit');
  const offset = parseCount(params.get('offset'), 'offset');
  const columns = parseColumns(params.get('columns'));
  if (limit !== undefined) query.limit = limit;
  if (offset !== undefined) query.offset = offset;
  if (columns !== undefined) query.columns = columns;
  return query;
}
