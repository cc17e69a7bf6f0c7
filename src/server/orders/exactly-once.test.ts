// Exactly once: one paid session, 50 confirms at once (reloads, tabs, anonymous) and 5 signed
// webhook deliveries (duplicates, out of order) interleaved; on PostgreSQL also spread over two app
// instances with their own pools. However it arrives, the session's order and lines are recorded
// once, and one confirmation mail is queued.
import type Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import {
  databaseTargets,
  orderMailsOf,
  type PayingTestServer,
  startTestServer,
} from '../test-support/index.ts';

const ITEMS = [
  { key: 'keyboards:2', color: 'Green', quantity: 1 },
  { key: 'switches:16', color: 'Dull', quantity: 35 },
  { key: 'accessories:201', color: 'Black', quantity: 2 },
];
const CONFIRMS = 50;
const WEBHOOKS = 5;

const targets = databaseTargets().map((target) => ({
  target,
  name: target.name,
  // Two app instances need two connections to one database: PostgreSQL only (PGlite is in-process).
  instances: target.name === 'postgres' ? 2 : 1,
}));

describe.each(targets)(
  'exactly-once fulfilment on $name with $instances instance(s)',
  ({ target, instances }) => {
    let server: PayingTestServer;
    afterAll(() => server?.close());

    it(`records one set of rows from ${CONFIRMS} parallel confirms and ${WEBHOOKS} webhook deliveries`, async () => {
      server = await startTestServer({ payments: true, target, instances });
      const shopper = await server.signUp('buyer');
      const { data } = await shopper.functions.invoke<{ id: string; url: string }>('checkout', {
        body: { items: ITEMS },
      });
      if (!data) throw new Error('no session');
      await server.pay(data);
      const listed = await server.stripe.events.list({
        type: 'checkout.session.completed',
        limit: 100,
      });
      const completed = listed.data.find(
        (e) => (e.data.object as { id: string }).id === data.id,
      ) as Stripe.Event;
      expect(completed).toBeDefined();

      // Deliveries: the same event again and again, and an async_payment_succeeded that overtakes it.
      const events = [
        { ...completed, id: 'evt_async_first', type: 'checkout.session.async_payment_succeeded' },
        completed,
        completed,
        { ...completed, id: 'evt_async_again', type: 'checkout.session.async_payment_succeeded' },
        completed,
      ];
      expect(events).toHaveLength(WEBHOOKS);

      const calls: Promise<{ kind: string; status: number; body: Record<string, unknown> }>[] = [];
      for (let i = 0; i < CONFIRMS; i++) {
        const app = server.apps[i % server.apps.length];
        // Signed in, anonymous (a different browser), verify-only: every way the page calls.
        const client = server.functionsClient(i % 5 === 4 ? undefined : shopper.accessToken, app);
        calls.push(
          client
            .invoke<Record<string, unknown>>('confirm-checkout', { body: { session_id: data.id } })
            .then(async ({ data: body, error }) => {
              const context = (error as { context?: Response } | null)?.context;
              return {
                kind: 'confirm',
                status: context ? context.status : 200,
                body: context ? ((await context.json()) as Record<string, unknown>) : (body ?? {}),
              };
            }),
        );
        if (i % 10 === 5) {
          const event = events[(i - 5) / 10] as unknown;
          const target = server.apps[(i + 1) % server.apps.length];
          calls.push(
            server.webhook(event, target).then(async (res) => ({
              kind: 'webhook',
              status: res.status,
              body: (await res.json()) as Record<string, unknown>,
            })),
          );
        }
      }
      const answers = await Promise.all(calls);

      expect(answers.filter((a) => a.kind === 'webhook')).toHaveLength(WEBHOOKS);
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.body.status).toBe('saved');
      }
      const rows = await server.ordersOf(data.id);
      expect(rows).toHaveLength(ITEMS.length);
      expect(rows.map((r) => [r.line_number, r.product_name, r.quantity, r.price])).toEqual([
        [0, 'Gaming Keyboard X', 1, '150.00'],
        [1, 'Dull Switch', 35, '3.00'],
        [2, 'Headset stand', 2, '30.00'],
      ]);
      const { rows: all } = await server.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM public.orders WHERE checkout_session_id = $1',
        [data.id],
      );
      expect(all[0]?.n).toBe(ITEMS.length);
      // One order for the session, every line linked to it, its total what the provider charged.
      const provider = await server.stripe.checkout.sessions.retrieve(data.id);
      const { rows: orders } = await server.db.query<Record<string, unknown>>(
        `SELECT s.subtotal_cents, s.shipping_cents, s.total_cents, s.shipping_name,
                (SELECT count(*)::int FROM public.orders o WHERE o.order_id = s.id) AS lines
         FROM public.shop_orders s WHERE s.checkout_session_id = $1`,
        [data.id],
      );
      expect(orders).toEqual([
        {
          subtotal_cents: 15000 + 35 * 300 + 2 * 3000,
          shipping_cents: 0,
          total_cents: provider.amount_total,
          shipping_name: 'Ada Lovelace',
          lines: ITEMS.length,
        },
      ]);
      const number = (answers[0]?.body.order as { number?: string } | undefined)?.number ?? '?';
      const mails = await orderMailsOf(server.db, number);
      expect(mails.map((m) => [m.kind, m.recipient])).toEqual([
        // The shopper's own address: checkout prefills it on the payment page.
        ['order_confirmation', shopper.email],
      ]);
      const { rows: confirmations } = await server.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM keebshop.mail_outbox WHERE kind = 'order_confirmation'`,
      );
      expect(confirmations[0]?.n).toBe(1);
    }, 120_000);
  },
);
