// Selling pre-orders and group buys (docs/decisions/0051-pre-orders-and-group-buys.md) through the
// real app: a cap is never oversold by shoppers racing for its last places (on PostgreSQL over two
// instances), a group buy sells only while it runs, a mixed cart needs the shopper's consent to
// ship together, a paid order records what it waits for without touching stock, and a cancelled
// one gives its units back to the cap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseTargets,
  orderMailsOf,
  payOrder,
  signUpStaff,
  startTestServer,
  type PayingTestServer,
  type Shopper,
} from '../test-support/index.ts';

const RACERS = 50;
const CAP = 10;
const STAND = { key: 'accessories:213', name: 'Keyboard Stand' };
const ERGO = { key: 'keyboards:115', name: 'Ergonomic Gaming Keyboard' };
const CABLE = { key: 'accessories:208', name: 'Cable' };
const YELLOW = { key: 'switches:10', color: 'Yellow', quantity: 1 };
const DAY_MS = 86_400_000;

type Item = { key: string; color: string; quantity: number };
type Answer = { status: number; body: Record<string, unknown> };

describe.each(databaseTargets())('pre-orders and group buys on $name', (target) => {
  let server: PayingTestServer;
  let staff: Shopper & { token: string };

  beforeAll(async () => {
    const instances = target.name === 'postgres' ? 2 : 1;
    server = await startTestServer({ payments: true, target, instances, deliverWebhooks: true });
    staff = await signUpStaff(server);
  });
  afterAll(() => server?.close());

  const days = (n: number) => new Date(Date.now() + n * DAY_MS).toISOString();

  async function preOrder(key: string, cap: number | null) {
    await server.db.query('DELETE FROM public.product_availability WHERE product_key = $1', [key]);
    await server.db.query(
      `INSERT INTO public.product_availability (product_key, kind, ships_from, ships_by, cap)
       VALUES ($1, 'pre_order', '2027-01-09', '2027-01-30', $2)`,
      [key, cap],
    );
  }

  async function groupBuy(key: string, startsAt: string, endsAt: string) {
    await server.db.query('DELETE FROM public.product_availability WHERE product_key = $1', [key]);
    await server.db.query(
      `INSERT INTO public.product_availability
         (product_key, kind, ships_from, ships_by, cap, starts_at, ends_at, moq)
       VALUES ($1, 'group_buy', '2100-01-10', '2100-02-01', 150, $2, $3, 30)`,
      [key, startsAt, endsAt],
    );
  }

  /** One unit of `key` in its default colour. */
  async function itemOf(key: string, quantity = 1): Promise<Item> {
    const { rows } = await server.db.query<{ selected_color: string }>(
      'SELECT selected_color FROM public.products WHERE key = $1',
      [key],
    );
    return { key, color: rows[0]!.selected_color, quantity };
  }

  async function checkout(
    shopper: Shopper,
    items: Item[],
    shipTogether?: boolean,
    app = server.app,
  ): Promise<Answer> {
    const client = server.functionsClient(shopper.accessToken, app);
    const body = { items, ...(shipTogether === undefined ? {} : { shipTogether }) };
    const { data, error } = await client.invoke<Record<string, unknown>>('checkout', { body });
    if (!error) return { status: 200, body: data ?? {} };
    const context = (error as { context: Response }).context;
    return { status: context.status, body: (await context.json()) as Record<string, unknown> };
  }

  async function payAndConfirm(body: Record<string, unknown>) {
    const session = { id: String(body.id), url: String(body.url) };
    expect((await server.pay(session)).status).toBe(303);
    const { data, error } = await server
      .functionsClient()
      .invoke<Record<string, unknown>>('confirm-checkout', { body: { session_id: session.id } });
    if (error) throw error;
    return data!;
  }

  async function progress(key: string) {
    const { rows } = await server.db.query<{ units_paid: number; units_held: number }>(
      'SELECT units_paid, units_held FROM public.availability_progress WHERE product_key = $1',
      [key],
    );
    return { paid: Number(rows[0]?.units_paid), held: Number(rows[0]?.units_held) };
  }

  async function onHand(item: Item): Promise<number> {
    const { rows } = await server.db.query<{ on_hand: number }>(
      'SELECT on_hand FROM public.stock WHERE product_key = $1 AND color = $2',
      [item.key, item.color],
    );
    return Number(rows[0]?.on_hand);
  }

  const refusal = (message: string): Answer => ({
    status: 400,
    body: { error: 'invalid_cart', message },
  });

  it(`holds the last ${CAP} places of a pre-order for exactly ${CAP} of ${RACERS} shoppers`, async () => {
    await preOrder(STAND.key, CAP);
    const stand = await itemOf(STAND.key);
    const stockBefore = await onHand(stand);
    const racers: Shopper[] = [];
    for (let i = 0; i < RACERS; i++) racers.push(await server.signUp(`pre${i}`));

    const answers = await Promise.all(
      racers.map((s, i) => checkout(s, [stand], undefined, server.apps[i % server.apps.length])),
    );
    const won = answers.filter((a) => a.status === 200);
    const lost = answers.filter((a) => a.status !== 200);
    expect(won).toHaveLength(CAP);
    for (const answer of lost) expect(answer).toEqual(refusal('Keyboard Stand is sold out.'));
    expect(await progress(STAND.key)).toEqual({ paid: 0, held: CAP });

    // Three pay: their places move from held to paid, and stock never counted them.
    const confirmed = [];
    for (const answer of won.slice(0, 3)) confirmed.push(await payAndConfirm(answer.body));
    expect(await progress(STAND.key)).toEqual({ paid: 3, held: CAP - 3 });
    expect(await onHand(stand)).toBe(stockBefore);
    const loser = racers[answers.findIndex((a) => a.status !== 200)]!;
    expect(await checkout(loser, [stand])).toEqual(refusal('Keyboard Stand is sold out.'));

    // The order says what it waits for, in the answer, the database and the mail.
    const waiting = {
      productKey: STAND.key,
      name: STAND.name,
      kind: 'pre_order',
      shipsFrom: '2027-01-09',
      shipsBy: '2027-01-30',
      endsAt: null,
    };
    const order = confirmed[0]!.order as { number: string; waitsFor: unknown };
    expect(order.waitsFor).toEqual([waiting]);
    const { rows } = await server.db.query<{ waits_for: unknown }>(
      'SELECT waits_for FROM public.shop_orders WHERE order_number = $1',
      [order.number],
    );
    expect(rows[0]?.waits_for).toEqual([waiting]);
    const [mail] = await orderMailsOf(server.db, order.number);
    const text = mail?.text_body.replace(/\s+/g, ' ');
    expect(text).toContain('Pre-order: Keyboard Stand ships between Jan 9 and Jan 30, 2027.');
    expect(text).toContain('This order ships when its last item is ready, by about Jan 30, 2027.');
  }, 240_000);

  it('sells a group buy only while it runs', async () => {
    const shopper = await server.signUp('early');
    const ergo = await itemOf(ERGO.key);
    await groupBuy(ERGO.key, days(1), days(2));
    expect(await checkout(shopper, [ergo])).toEqual(
      refusal('The group buy for Ergonomic Gaming Keyboard has not started yet.'),
    );
    await groupBuy(ERGO.key, days(-2), days(-1));
    expect(await checkout(shopper, [ergo])).toEqual(
      refusal('The group buy for Ergonomic Gaming Keyboard has ended.'),
    );
    await groupBuy(ERGO.key, days(-1), '2099-12-19T12:00:00Z');
    expect((await checkout(shopper, [ergo])).status).toBe(200);
  });

  it('ships a mixed cart together only with consent, and records what it waits for', async () => {
    const shopper = await server.signUp('mixer');
    const ergo = await itemOf(ERGO.key);
    await groupBuy(ERGO.key, days(-1), '2099-12-19T12:00:00Z');
    const ergoStock = await onHand(ergo);
    const yellowStock = await onHand(YELLOW);
    const mixed = [YELLOW, ergo];
    expect(await checkout(shopper, mixed)).toEqual(
      refusal(
        'Your cart mixes items in stock with pre-orders or group buys. Accept that the order ' +
          'ships when the last item is ready, or check them out separately.',
      ),
    );
    expect(await checkout(shopper, mixed, false)).toMatchObject({ status: 400 });
    const accepted = await checkout(shopper, mixed, true);
    expect(accepted.status).toBe(200);
    const answer = await payAndConfirm(accepted.body);
    expect(answer).toMatchObject({
      status: 'saved',
      order: {
        waitsFor: [
          {
            productKey: ERGO.key,
            name: ERGO.name,
            kind: 'group_buy',
            shipsFrom: '2100-01-10',
            shipsBy: '2100-02-01',
            endsAt: '2099-12-19T12:00:00.000Z',
          },
        ],
      },
    });
    // The in-stock line takes its unit from stock; the group buy's from its cap.
    expect(await onHand(YELLOW)).toBe(yellowStock - 1);
    expect(await onHand(ergo)).toBe(ergoStock);
    const [mail] = await orderMailsOf(server.db, (answer.order as { number: string }).number);
    for (const body of [mail?.text_body, mail?.html_body]) {
      const text = body?.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
      expect(text).toContain(
        'Group buy: Ergonomic Gaming Keyboard — the group buy ends Dec 19, 2099; if it reaches ' +
          'its minimum it ships between Jan 10 and Feb 1, 2100.',
      );
      expect(text).toContain('by about Feb 1, 2100.');
    }
  });

  it('gives a cancelled pre-order’s units back to the cap, not to stock', async () => {
    await preOrder(CABLE.key, 2);
    const cable = await itemOf(CABLE.key, 2);
    const stock = await onHand(cable);
    const first = await server.signUp('first');
    const second = await server.signUp('second');
    const order = await payOrder(server, first, [cable]);
    expect(await progress(CABLE.key)).toEqual({ paid: 2, held: 0 });
    expect(await checkout(second, [{ ...cable, quantity: 1 }])).toEqual(
      refusal('Cable is sold out.'),
    );
    const cancelled = await server.call('/functions/v1/admin-cancel', {
      method: 'POST',
      body: JSON.stringify({ orderNumber: order.orderNumber }),
      token: staff.token,
    });
    expect(cancelled.status).toBe(200);
    expect(await progress(CABLE.key)).toEqual({ paid: 0, held: 0 });
    expect(await onHand(cable)).toBe(stock);
    expect((await checkout(second, [{ ...cable, quantity: 1 }])).status).toBe(200);
    expect(await checkout(first, [cable])).toEqual(refusal('Only 1 left of Cable.'));
  });
});
