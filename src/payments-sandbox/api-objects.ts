// What the coupon, promotion code and tax rate routes share: reading their parameters, a list
// page, and a change by compare-and-set.
import type { Context } from 'hono';
import { objectOfKind } from './discount-rules.ts';
import { apiErrors, invalidRequest, type StripeApiError } from './errors.ts';
import {
  expandList,
  isRecord,
  optionalInteger,
  optionalString,
  parseForm,
  type Form,
  type FormValue,
} from './form.ts';
import type { SandboxStore } from './storage.ts';
import type { ObjectKind, ObjectOfKind } from './types.ts';
import { readMetadata } from './validate-create.ts';

export type Json = Record<string, unknown>;

export function queryOf(c: Context): Form {
  return parseForm(new URL(c.req.url).search.slice(1));
}

/** `true` or `false`, as the SDK sends booleans. */
export function optionalBoolean(value: FormValue | undefined, param: string): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw invalidRequest(`Invalid boolean: ${JSON.stringify(value)}`, param);
}

/** A decimal sent as digits with an optional fraction (percent_off, percentage). */
export function optionalDecimal(value: FormValue | undefined, param: string): number | undefined {
  const text = optionalString(value, param);
  if (text === undefined) return undefined;
  if (!/^-?\d+(\.\d+)?$/.test(text)) throw invalidRequest(`Invalid decimal: ${text}`, param);
  return Number(text);
}

/** A string of at most `max` characters; '' means unset (null). */
export function optionalText(value: FormValue | undefined, param: string, max: number) {
  const text = optionalString(value, param);
  if (text !== undefined && text.length > max) {
    throw invalidRequest(`Invalid ${param}: must be at most ${max} characters`, param);
  }
  return text ?? null;
}

/**
 * Stripe's metadata update: the keys sent are set, a key sent empty is removed, and
 * `metadata=''` removes them all.
 */
export function mergeMetadata(
  current: Record<string, string>,
  value: FormValue | undefined,
): Record<string, string> {
  if (value === undefined) return current;
  if (value === '') return {};
  const next = { ...current, ...readMetadata(value, 'metadata') };
  if (isRecord(value)) {
    for (const [key, v] of Object.entries(value)) if (v === '') delete next[key];
  }
  return next;
}

/** Refuses any expansion but those listed. */
export function checkExpand(value: FormValue | undefined, allowed: readonly string[]): string[] {
  const expand = expandList(value);
  expand.forEach((path, i) => {
    if (!allowed.includes(path)) {
      throw invalidRequest(`This property cannot be expanded (${path}).`, `expand[${i}]`);
    }
  });
  return expand;
}

/**
 * One page of a list, newest first: `limit` (1 to 100, 10 by default) after the object
 * `starting_after` (which must be one of the list's kind, as on Stripe).
 */
export function listPage<T extends { id: string }>(
  items: T[],
  query: Form,
  url: string,
  kind: string,
  render: (item: T) => Json,
): Json {
  const limit = optionalInteger(query.limit, 'limit') ?? 10;
  if (limit < 1 || limit > 100) {
    throw invalidRequest('Invalid limit: must be between 1 and 100', 'limit');
  }
  const after = optionalString(query.starting_after, 'starting_after');
  let rest = items;
  if (after !== undefined) {
    const at = items.findIndex((item) => item.id === after);
    if (at < 0)
      throw invalidRequest(`No such ${kind}: '${after}'`, 'starting_after', 'resource_missing');
    rest = items.slice(at + 1);
  }
  return {
    object: 'list',
    data: rest.slice(0, limit).map(render),
    has_more: rest.length > limit,
    url,
  };
}

/**
 * Changes an object by compare-and-set, again on the newer version when another request changed
 * it meanwhile. `change` returns the new version (its revision is set here). A refusal with the
 * revision unchanged is the store's one-active-code rule: `conflict` says why.
 */
export async function updateObject<K extends ObjectKind>(
  store: SandboxStore,
  kind: K,
  id: string,
  notFound: () => StripeApiError,
  change: (current: ObjectOfKind<K>) => Promise<ObjectOfKind<K>> | ObjectOfKind<K>,
  conflict: (next: ObjectOfKind<K>) => StripeApiError = () => apiErrors.internal(),
): Promise<ObjectOfKind<K>> {
  for (;;) {
    const current = await objectOfKind(store, id, kind);
    if (!current || (current.kind === 'coupon' && current.deleted)) throw notFound();
    const next = { ...(await change(current)), revision: current.revision + 1 };
    if (await store.reviseObject(next, current.revision)) return next;
    const now = await store.getObject(id);
    if (now?.revision === current.revision) throw conflict(next);
  }
}
