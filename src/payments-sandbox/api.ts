import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { apiErrors, invalidRequest } from './errors.ts';
import {
  expandList,
  optionalInteger,
  optionalString,
  parseForm,
  rejectUnknown,
  type Form,
} from './form.ts';
import { addCouponRoutes } from './api-coupons.ts';
import { addPaymentRoutes } from './api-payments.ts';
import { addPromotionCodeRoutes } from './api-promotion-codes.ts';
import { addSessionListRoute } from './api-session-list.ts';
import { addTaxRateRoutes } from './api-tax-rates.ts';
import { renderLineItemList } from './render-line-items.ts';
import { checkExpand, renderSession } from './render.ts';
import { expandedDiscount } from './render-totals.ts';
import type { SandboxState } from './state.ts';
import type { SessionRecord } from './types.ts';
import { validateCreateSession } from './validate-create.ts';

type Json = Record<string, unknown>;
type Env = { Variables: { requestId: string } };

export type ApiOptions = { state: SandboxState; secretKey: string; baseUrl: () => string };

/** The Stripe API subset under /v1, behind the one test secret key. */
export function createApi({ state, secretKey, baseUrl }: ApiOptions): Hono<Env> {
  const api = new Hono<Env>();
  api.use('*', stripeAuth(secretKey));
  const idempotent = idempotency(state);

  api.post('/checkout/sessions', async (c) => {
    const raw = await c.req.text();
    return idempotent(c, raw, async () => {
      const input = validateCreateSession(parseForm(raw), state.nowSeconds());
      checkExpand(input.expand, 'session');
      const session = await state.createSession(input);
      return renderSession(session, baseUrl(), input.expand, await expanded(session, input.expand));
    });
  });

  addSessionListRoute(api, state, baseUrl);

  api.get('/checkout/sessions/:id', async (c) => {
    const query = queryOf(c);
    rejectUnknown(query, ['expand']);
    const expand = expandList(query.expand);
    checkExpand(expand, 'session');
    const session = await sessionOr404(state, c.req.param('id'));
    return c.json(renderSession(session, baseUrl(), expand, await expanded(session, expand)));
  });

  api.get('/checkout/sessions/:id/line_items', async (c) => {
    const query = queryOf(c);
    rejectUnknown(query, ['expand', 'limit', 'starting_after', 'ending_before']);
    const expand = expandList(query.expand);
    checkExpand(expand, 'line_items');
    const limit = optionalInteger(query.limit, 'limit') ?? 10;
    if (limit < 1 || limit > 100) {
      throw invalidRequest('Invalid limit: must be between 1 and 100', 'limit');
    }
    const session = await sessionOr404(state, c.req.param('id'));
    const items = session.lineItems;
    const after = optionalString(query.starting_after, 'starting_after');
    const before = optionalString(query.ending_before, 'ending_before');
    const indexOf = (id: string, param: string) => {
      const i = items.findIndex((item) => item.id === id);
      if (i < 0) throw invalidRequest(`No such line item: '${id}'`, param, 'resource_missing');
      return i;
    };
    let page = items;
    if (after !== undefined) page = items.slice(indexOf(after, 'starting_after') + 1);
    else if (before !== undefined) {
      const end = indexOf(before, 'ending_before');
      page = items.slice(Math.max(0, end - limit), end);
      return c.json({ ...renderLineItemList(session, page, expand, limit), has_more: end > limit });
    }
    return c.json(renderLineItemList(session, page, expand, limit));
  });

  api.post('/checkout/sessions/:id/expire', async (c) => {
    const raw = await c.req.text();
    return idempotent(c, raw, async () => {
      const form = parseForm(raw);
      rejectUnknown(form, ['expand']);
      const expand = expandList(form.expand);
      checkExpand(expand, 'session');
      const id = c.req.param('id');
      const result = await state.expireNow(id, c.get('requestId'));
      if (!result) throw apiErrors.noSuch('checkout.session', id, 'session');
      if (!result.expired) {
        throw invalidRequest(
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${result.session.status}\`.`,
        );
      }
      return renderSession(
        result.session,
        baseUrl(),
        expand,
        await expanded(result.session, expand),
      );
    });
  });

  addPaymentRoutes(api, state, idempotent);

  // The objects a session's discounts.promotion_code / discounts.coupon expand to.
  function expanded(session: SessionRecord, expand: string[]) {
    return expandedDiscount(state.store, session, expand, state.nowSeconds());
  }

  addCouponRoutes(api, state, idempotent);
  addPromotionCodeRoutes(api, state, idempotent);
  addTaxRateRoutes(api, state, idempotent);

  // Newest first, as on Stripe.
  api.get('/events', async (c) => {
    const query = queryOf(c);
    rejectUnknown(query, ['limit', 'starting_after', 'type']);
    const limit = optionalInteger(query.limit, 'limit') ?? 10;
    if (limit < 1 || limit > 100)
      throw invalidRequest('Invalid limit: must be between 1 and 100', 'limit');
    const type = optionalString(query.type, 'type');
    const after = optionalString(query.starting_after, 'starting_after');
    const page = await state.store.listEvents({
      limit,
      ...(type === undefined ? {} : { type }),
      ...(after === undefined ? {} : { startingAfter: after }),
    });
    return c.json({ object: 'list', data: page.events, has_more: page.hasMore, url: '/v1/events' });
  });

  api.get('/events/:id', async (c) => {
    const id = c.req.param('id');
    const record = await state.store.getEvent(id);
    if (!record) throw apiErrors.noSuch('event', id, 'id');
    return c.json(record.event);
  });

  return api;
}

function queryOf(c: Context): Form {
  return parseForm(new URL(c.req.url).search.slice(1));
}

async function sessionOr404(state: SandboxState, id: string) {
  const session = await state.getSession(id);
  if (!session) throw apiErrors.noSuch('checkout.session', id, 'session');
  return session;
}

/** Bearer auth as stripe-node sends it; HTTP Basic with the key as user name, as curl -u sends it. */
function stripeAuth(secretKey: string): MiddlewareHandler {
  const expected = createHash('sha256').update(secretKey).digest();
  return async function stripeAuthMiddleware(c, next) {
    const header = c.req.header('authorization') ?? '';
    let key = '';
    if (/^bearer /i.test(header)) key = header.slice(7).trim();
    else if (/^basic /i.test(header)) {
      key = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8').split(':')[0] ?? '';
    }
    if (key === '') throw apiErrors.missingKey();
    const given = createHash('sha256').update(key).digest();
    if (!timingSafeEqual(given, expected)) throw apiErrors.badKey(key);
    await next();
  };
}

/**
 * Stripe's Idempotency-Key: the first successful answer is kept (in the store, for 24 hours) and
 * replayed for a repeat with the same parameters; a concurrent repeat waits for the first.
 * Kept in the store, so a sandbox that took over from another replays the first one's answers.
 * Failed validation is not kept, as on Stripe.
 */
function idempotency(state: SandboxState) {
  // Requests with one key take turns: the store is asynchronous, so the check and the write of a
  // kept answer must not interleave with another request's.
  const turns = new Map<string, Promise<void>>();
  return async function idempotent(c: Context, raw: string, run: () => Promise<Json>) {
    const key = c.req.header('idempotency-key');
    if (!key) return c.json(await run());
    const id = createHash('sha256').update(key).digest('hex');
    const fingerprint = createHash('sha256')
      .update(`${c.req.method} ${c.req.path}\n${raw}`)
      .digest('hex');
    const previous = turns.get(id) ?? Promise.resolve();
    let done = () => {};
    const turn = new Promise<void>((resolve) => (done = resolve));
    const mine = previous.then(() => turn);
    turns.set(id, mine);
    try {
      await previous;
      const prior = await state.store.getIdempotency(id);
      if (prior) {
        if (prior.fingerprint !== fingerprint) throw apiErrors.idempotencyMismatch(key);
        return c.body(prior.body, prior.status as 200, {
          'content-type': 'application/json',
          'idempotent-replayed': 'true',
        });
      }
      const body = JSON.stringify(await run());
      await state.store.putIdempotency({
        id,
        key,
        fingerprint,
        createdAt: Date.now(),
        status: 200,
        body,
      });
      return c.body(body, 200, { 'content-type': 'application/json' });
    } finally {
      done();
      if (turns.get(id) === mine) turns.delete(id);
    }
  };
}
