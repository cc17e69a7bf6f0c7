// What the coupon, promotion code and tax rate routes share: reading their parameters, a list
// page, a change by compare-and-set, and the create/retrieve/update/list routes themselves.
import type { Context, Hono } from 'hono';
import type { Idempotent } from './api-payments.ts';
import { objectOfKind } from './discount-rules.ts';
import { apiErrors, invalidRequest, type StripeApiError } from './errors.ts';
import {
  expandList,
  isRecord,
  optionalInteger,
  optionalString,
  parseForm,
  readMetadata,
  rejectUnknown,
  type Form,
  type FormValue,
} from './form.ts';
import type { SandboxStore } from './storage.ts';
import type { ObjectKind, ObjectOfKind } from './types.ts';

export type Json = Record<string, unknown>;
export type ApiEnv = { Variables: { requestId: string } };

// Each kind's path under /v1 and its name in Stripe's messages ("No such tax rate: 'txr_…'").
const KINDS: Record<ObjectKind, { path: string; noun: string }> = {
  coupon: { path: 'coupons', noun: 'coupon' },
  promotion_code: { path: 'promotion_codes', noun: 'promotion code' },
  tax_rate: { path: 'tax_rates', noun: 'tax rate' },
};

/** The object, or Stripe's 404: a deleted coupon is gone from the API (the store keeps it). */
async function existing<K extends ObjectKind>(store: SandboxStore, kind: K, id: string) {
  const object = await objectOfKind(store, id, kind);
  if (!object || (object.kind === 'coupon' && object.deleted)) {
    throw apiErrors.noSuch(KINDS[kind].noun, id, kind);
  }
  return object;
}

function queryOf(c: Context): Form {
  return parseForm(new URL(c.req.url).search.slice(1));
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

type Change<K extends ObjectKind> = (
  current: ObjectOfKind<K>,
) => Promise<ObjectOfKind<K>> | ObjectOfKind<K>;

/**
 * Changes an object by compare-and-set, again on the newer version when another request changed
 * it meanwhile. `change` returns the new version (its revision is set here). A refusal with the
 * revision unchanged is the store's one-active-code rule: `conflict` says why.
 */
export async function updateObject<K extends ObjectKind>(
  store: SandboxStore,
  kind: K,
  id: string,
  change: Change<K>,
  conflict: (next: ObjectOfKind<K>) => StripeApiError = () => apiErrors.internal(),
): Promise<ObjectOfKind<K>> {
  for (;;) {
    const current = await existing(store, kind, id);
    const next = { ...(await change(current)), revision: current.revision + 1 };
    if (await store.reviseObject(next, current.revision)) return next;
    const now = await store.getObject(id);
    if (now?.revision === current.revision) throw conflict(next);
  }
}

/** What differs between the kinds' routes; addObjectRoutes does the rest the same way for all. */
export type ObjectRoutes<K extends ObjectKind> = {
  kind: K;
  /** The paths `expand[]` may name on one object (on a list, each under `data.`). */
  expandable?: readonly string[];
  render: (object: ObjectOfKind<K>, expand: string[]) => Json | Promise<Json>;
  /**
   * Reads the whole form of a create, its `expand[]` included, in the order this kind checks it
   * (Stripe's first error is the one answered), then stores the object.
   */
  create: (form: Form) => Promise<ObjectOfKind<K>>;
  /** The list's filters, and the objects they select with how each renders on the page. */
  list: {
    filters: readonly string[];
    select: (
      query: Form,
      expand: string[],
    ) => Promise<{ items: ObjectOfKind<K>[]; render: (object: ObjectOfKind<K>) => Json }>;
  };
  /** The parameters an update may send, and its change (read from the form) for updateObject. */
  update: {
    params: readonly string[];
    change: (form: Form) => Change<K>;
    conflict?: (next: ObjectOfKind<K>) => StripeApiError;
  };
};

/**
 * POST /v1/<kind>s (create), GET /v1/<kind>s (list), GET and POST /v1/<kind>s/:id (retrieve,
 * update): each parses its form or query, refuses unknown parameters and expansions, and answers
 * a POST once per Idempotency-Key.
 */
export function addObjectRoutes<K extends ObjectKind>(
  api: Hono<ApiEnv>,
  store: SandboxStore,
  idempotent: Idempotent,
  routes: ObjectRoutes<K>,
) {
  const { kind, render, list, update } = routes;
  const { path, noun } = KINDS[kind];
  const expandable = routes.expandable ?? [];
  const listExpandable = expandable.map((p) => `data.${p}`);

  api.post(`/${path}`, async (c) => {
    const raw = await c.req.text();
    return idempotent(c, raw, async () => {
      const form = parseForm(raw);
      const created = await routes.create(form);
      // create checked the expansion before it stored the object: read here for the answer.
      return render(created, checkExpand(form.expand, expandable));
    });
  });

  api.get(`/${path}`, async (c) => {
    const query = queryOf(c);
    rejectUnknown(query, [...list.filters, 'limit', 'starting_after', 'expand']);
    const expand = checkExpand(query.expand, listExpandable);
    const page = await list.select(query, expand);
    return c.json(listPage(page.items, query, `/v1/${path}`, noun, page.render));
  });

  api.get(`/${path}/:id`, async (c) => {
    const query = queryOf(c);
    rejectUnknown(query, ['expand']);
    const expand = checkExpand(query.expand, expandable);
    return c.json(await render(await existing(store, kind, c.req.param('id')), expand));
  });

  api.post(`/${path}/:id`, async (c) => {
    const raw = await c.req.text();
    const id = c.req.param('id');
    return idempotent(c, raw, async () => {
      const form = parseForm(raw);
      rejectUnknown(form, [...update.params, 'expand']);
      const expand = checkExpand(form.expand, expandable);
      const updated = await updateObject(store, kind, id, update.change(form), update.conflict);
      return render(updated, expand);
    });
  });
}
