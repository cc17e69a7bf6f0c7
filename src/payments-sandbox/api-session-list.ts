import type { Context, Hono } from 'hono';
import { invalidRequest } from './errors.ts';
import { optionalInteger, optionalString, parseForm, rejectUnknown } from './form.ts';
import { renderSession } from './render.ts';
import type { SandboxState } from './state.ts';
import type { SessionPage } from './storage.ts';
import type { SessionStatus } from './types.ts';

type Env = { Variables: { requestId: string } };

const STATUSES: readonly string[] = ['open', 'complete', 'expired'];

/**
 * GET /v1/checkout/sessions: Stripe's list object, newest first, paged by limit and
 * starting_after or ending_before, filtered by payment_intent and status.
 */
export function addSessionListRoute(api: Hono<Env>, state: SandboxState, baseUrl: () => string) {
  api.get('/checkout/sessions', async (c: Context) => {
    const query = parseForm(new URL(c.req.url).search.slice(1));
    rejectUnknown(query, ['limit', 'starting_after', 'ending_before', 'payment_intent', 'status']);
    const limit = optionalInteger(query.limit, 'limit') ?? 10;
    if (limit < 1 || limit > 100) {
      throw invalidRequest('Invalid limit: must be between 1 and 100', 'limit');
    }
    const status = optionalString(query.status, 'status');
    if (status !== undefined && !STATUSES.includes(status)) {
      throw invalidRequest(`Invalid status: must be one of ${STATUSES.join(', ')}`, 'status');
    }
    const after = optionalString(query.starting_after, 'starting_after');
    const before = optionalString(query.ending_before, 'ending_before');
    if (after !== undefined && before !== undefined) {
      throw invalidRequest(
        'You may only specify one of these parameters: ending_before, starting_after.',
        'ending_before',
      );
    }
    for (const [id, param] of [
      [after, 'starting_after'],
      [before, 'ending_before'],
    ] as const) {
      if (id !== undefined && !(await state.store.getSession(id))) {
        throw invalidRequest(`No such checkout.session: '${id}'`, param, 'resource_missing');
      }
    }
    // Sessions past expires_at show as expired, as a retrieve would show them.
    await state.sweep();
    const piId = optionalString(query.payment_intent, 'payment_intent');
    let page: SessionPage;
    if (piId !== undefined) {
      // One payment intent belongs to one session at most: a page of it, or of nothing.
      const session = await state.store.sessionByPaymentIntent(piId);
      const fits = session && (status === undefined || session.status === status);
      const paged = fits && session.id !== after && session.id !== before;
      page = { sessions: paged ? [session] : [], hasMore: false };
    } else if (state.store.listSessions) {
      page = await state.store.listSessions({
        limit,
        ...(status === undefined ? {} : { status: status as SessionStatus }),
        ...(after === undefined ? {} : { startingAfter: after }),
        ...(before === undefined ? {} : { endingBefore: before }),
      });
    } else {
      throw invalidRequest(
        'This payments sandbox lists Checkout Sessions by payment_intent only: pass one.',
        'payment_intent',
      );
    }
    return c.json({
      object: 'list',
      data: page.sessions.map((s) => renderSession(s, baseUrl())),
      has_more: page.hasMore,
      url: '/v1/checkout/sessions',
    });
  });
}
