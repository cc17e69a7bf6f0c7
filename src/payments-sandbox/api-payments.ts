import type { Context, Hono } from 'hono';
import { apiErrors, invalidRequest } from './errors.ts';
import {
  expandList,
  optionalInteger,
  optionalString,
  parseForm,
  rejectUnknown,
  type Form,
} from './form.ts';
import { createRefund, readRefundRequest } from './refunds.ts';
import {
  renderCharge,
  renderPaymentIntent,
  renderRefund,
  renderShippingRate,
} from './render-payments.ts';
import type { SandboxState } from './state.ts';
import type { PaymentIntentRecord, SessionRecord } from './types.ts';

type Json = Record<string, unknown>;
type Env = { Variables: { requestId: string } };
export type Idempotent = (c: Context, raw: string, run: () => Promise<Json>) => Promise<Response>;

function queryOf(c: Context): Form {
  return parseForm(new URL(c.req.url).search.slice(1));
}

function noExpand(expand: string[]): void {
  expand.forEach((path, i) => {
    throw invalidRequest(`This property cannot be expanded (${path}).`, `expand[${i}]`);
  });
}

/** Payment intents, their charges and refunds, and shipping rates, under /v1. */
export function addPaymentRoutes(api: Hono<Env>, state: SandboxState, idempotent: Idempotent) {
  api.get('/payment_intents/:id', async (c) => {
    const id = c.req.param('id');
    const session = await state.store.sessionByPaymentIntent(id);
    if (!session?.paymentIntent) throw apiErrors.noSuch('payment_intent', id, 'intent');
    return c.json(renderPaymentIntent(session.paymentIntent, session));
  });

  api.get('/charges/:id', async (c) => {
    const id = c.req.param('id');
    const session = await state.store.sessionOwning(id);
    const pi = session?.paymentIntent;
    if (!session || pi?.chargeId !== id) throw apiErrors.noSuch('charge', id, 'charge');
    return c.json(renderCharge(pi, session));
  });

  api.post('/refunds', async (c) => {
    const raw = await c.req.text();
    return idempotent(c, raw, async () => {
      const form = parseForm(raw);
      const expand = expandList(form.expand);
      noExpand(expand);
      const request = readRefundRequest(form, expand);
      const { refund, paymentIntent } = await createRefund(state, request, c.get('requestId'));
      return renderRefund(refund, paymentIntent);
    });
  });

  api.get('/refunds/:id', async (c) => {
    const id = c.req.param('id');
    const pi = (await state.store.sessionOwning(id))?.paymentIntent;
    const refund = pi?.refunds?.find((r) => r.id === id);
    if (!pi || !refund) throw apiErrors.noSuch('refund', id, 'refund');
    return c.json(renderRefund(refund, pi));
  });

  // Newest first, as on Stripe; the sandbox lists one payment intent's (or charge's) refunds.
  api.get('/refunds', async (c) => {
    const query = queryOf(c);
    rejectUnknown(query, ['payment_intent', 'charge', 'limit', 'starting_after']);
    const limit = optionalInteger(query.limit, 'limit') ?? 10;
    if (limit < 1 || limit > 100) {
      throw invalidRequest('Invalid limit: must be between 1 and 100', 'limit');
    }
    const piId = optionalString(query.payment_intent, 'payment_intent');
    const chargeId = optionalString(query.charge, 'charge');
    let session: SessionRecord | undefined;
    if (piId !== undefined) session = await state.store.sessionByPaymentIntent(piId);
    else if (chargeId !== undefined) session = await state.store.sessionOwning(chargeId);
    else {
      throw invalidRequest(
        'The payments sandbox lists refunds of one payment_intent or charge: pass one of them.',
      );
    }
    const pi: PaymentIntentRecord | undefined = session?.paymentIntent ?? undefined;
    let refunds = [...(pi?.refunds ?? [])].reverse();
    const after = optionalString(query.starting_after, 'starting_after');
    if (after !== undefined) refunds = refunds.slice(refunds.findIndex((r) => r.id === after) + 1);
    return c.json({
      object: 'list',
      data: refunds.slice(0, limit).map((r) => renderRefund(r, pi!)),
      has_more: refunds.length > limit,
      url: '/v1/refunds',
    });
  });

  api.get('/shipping_rates/:id', async (c) => {
    const id = c.req.param('id');
    const rate = (await state.store.sessionOwning(id))?.shippingOptions?.find((r) => r.id === id);
    if (!rate) throw apiErrors.noSuch('shipping_rate', id, 'shipping_rate');
    return c.json(renderShippingRate(rate));
  });
}
