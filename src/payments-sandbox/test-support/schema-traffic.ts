// For tests: a checkout's whole life driven through the official client, with every JSON answer
// the sandbox sent kept raw (before the SDK turns decimals into objects), and every webhook body.
import Stripe from 'stripe';
import type { SchemaName } from './stripe-schema.ts';
import {
  payForm,
  sessionParams,
  shippingFields,
  shippingParams,
  startReceiver,
  startSandbox,
  tempDir,
  waitFor,
} from '../test-support.ts';

export type Answer = { what: string; schema: SchemaName | undefined; body: unknown };

const BY_OBJECT: Record<string, SchemaName> = {
  'checkout.session': 'session',
  item: 'lineItem',
  payment_intent: 'paymentIntent',
  charge: 'charge',
  refund: 'refund',
  shipping_rate: 'shippingRate',
  coupon: 'coupon',
  promotion_code: 'promotionCode',
  tax_rate: 'taxRate',
  event: 'event',
};

const LISTS: Array<[RegExp, SchemaName]> = [
  [/^\/v1\/checkout\/sessions\/[^/]+\/line_items$/, 'lineItemList'],
  [/^\/v1\/checkout\/sessions$/, 'sessionList'],
  [/^\/v1\/refunds$/, 'refundList'],
  [/^\/v1\/events$/, 'eventList'],
];

/** Which schema an answer of the sandbox is an instance of, by its `object` (lists: by URL). */
export function schemaOf(path: string, body: unknown): SchemaName | undefined {
  const json = body as { error?: unknown; object?: string };
  if (json.error !== undefined) return 'error';
  if (json.object === 'list') return LISTS.find(([re]) => re.test(path))?.[1];
  return BY_OBJECT[json.object ?? ''];
}

async function attempt(call: () => Promise<unknown>): Promise<void> {
  await call().catch(() => undefined); // the error's raw body is kept like any other answer
}

/** Runs checkouts (paid, refunded, expired) and the errors around them; resolves what was sent. */
export async function recordTraffic(): Promise<Answer[]> {
  const answers: Answer[] = [];
  const capture: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const body: unknown = await res.clone().json();
    const what = `${init?.method ?? 'GET'} ${url.pathname} ${res.status}`;
    answers.push({ what, schema: schemaOf(url.pathname, body), body });
    return res;
  };
  const dir = tempDir();
  const receiver = await startReceiver();
  const sb = await startSandbox(dir.dir, { webhookUrl: receiver.url });
  const stripe = new Stripe(sb.secretKey, {
    host: '127.0.0.1',
    port: sb.port,
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
    httpClient: Stripe.createFetchHttpClient(capture),
  });
  try {
    const params = sessionParams({ ...shippingParams(), customer_email: 'ada@example.com' });
    const session = await stripe.checkout.sessions.create({ ...params, expand: ['line_items'] });
    await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['line_items.data.price.product'],
    });
    await stripe.checkout.sessions.listLineItems(session.id, { limit: 1 });
    const rate = session.shipping_options[0]!.shipping_rate as string;
    await stripe.shippingRates.retrieve(rate);
    await payForm(session.url!, { ...shippingFields, shippingRate: rate });
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    const piId = paid.payment_intent as string;
    const pi = await stripe.paymentIntents.retrieve(piId);
    await stripe.charges.retrieve(pi.latest_charge as string);
    const refund = await stripe.refunds.create({ payment_intent: piId, amount: 500 });
    await stripe.refunds.retrieve(refund.id);
    await stripe.refunds.list({ payment_intent: piId });
    await attempt(() => stripe.refunds.create({ payment_intent: piId, amount: pi.amount }));
    const other = await stripe.checkout.sessions.create(sessionParams());
    await stripe.checkout.sessions.expire(other.id);
    await attempt(() => stripe.checkout.sessions.expire(other.id));
    await attempt(() => stripe.checkout.sessions.retrieve('cs_test_unknown'));
    await attempt(() => stripe.checkout.sessions.list({ limit: 3 }));
    await attempt(() => stripe.checkout.sessions.list({ payment_intent: piId }));
    const events = await stripe.events.list({ limit: 100 });
    await stripe.events.retrieve(events.data[0]!.id);
    const sent = await waitFor(
      () => receiver.received.length >= events.data.length && receiver.received,
    );
    for (const delivery of sent) {
      answers.push({ what: 'webhook', schema: 'event', body: JSON.parse(delivery.body) });
    }
    return answers;
  } finally {
    await sb.close();
    await receiver.close();
    dir.remove();
  }
}
