// /functions/v1/admin-discounts against the real payments sandbox: staff make codes (a coupon and
// its promotion code at the provider), list them with what the shop's orders with them took, and
// pause and resume them; anyone else, bad input and a taken code are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signUpStaff,
  startTestServer,
  type PayingTestServer,
  type Shopper,
} from '../test-support/index.ts';

type Json = Record<string, unknown>;

const DAY_S = 24 * 3600;
const inDays = (days: number) => Math.floor(Date.now() / 1000) + days * DAY_S;

describe('admin-discounts', () => {
  let server: PayingTestServer;
  let staff: Shopper & { token: string };
  let shopper: Shopper;

  beforeAll(async () => {
    server = await startTestServer({ payments: true });
    staff = await signUpStaff(server);
    shopper = await server.signUp('shopper');
  });
  afterAll(() => server?.close());

  async function call(path: string, body?: unknown, token: string | null = staff.token) {
    const res = await server.call(`/functions/v1/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(token ? { token } : {}),
    });
    return { status: res.status, body: (await res.json()) as Json };
  }
  const list = async () => {
    const answer = await call('admin-discounts');
    expect(answer.status).toBe(200);
    return answer.body.discounts as Json[];
  };
  /** An order recorded with the code, as fulfilment would record it. */
  async function orderWith(code: string, totalCents: number, discountCents: number, refunded = 0) {
    await server.db.query(
      `INSERT INTO public.shop_orders (checkout_session_id, email, status, subtotal_cents,
         shipping_cents, total_cents, refunded_cents, shipping_method, shipping_rate, shipping_name,
         shipping_address, payment_intent, discount_code, discount_cents)
       VALUES ('cs_test_' || gen_random_uuid(), 'buyer@example.com', 'paid', $1::int - 500, 500,
         $1::int, $2::int, 'Standard', 'shr_test_1', 'Ada', '{"country":"US"}'::jsonb,
         'pi_test_' || gen_random_uuid(), $3, $4)`,
      [totalCents, refunded, code, discountCents],
    );
  }

  it('makes a percent code at the provider and lists it with its orders and revenue', async () => {
    const expiresAt = inDays(30);
    const made = await call('admin-discounts', {
      code: ' spring-20 ',
      percentOff: 20,
      expiresAt,
      maxRedemptions: 50,
      minimumAmountCents: 5000,
      requestId: 'spring',
    });
    expect(made.status).toBe(200);
    const discount = made.body.discount as Json;
    expect(discount).toEqual({
      id: expect.stringMatching(/^promo_/),
      code: 'SPRING-20',
      active: true,
      percentOff: 20,
      amountOffCents: null,
      currency: null,
      expiresAt,
      maxRedemptions: 50,
      timesRedeemed: 0,
      firstTimeOnly: false,
      minimumAmountCents: 5000,
      created: expect.any(Number),
      orders: 0,
      revenueCents: 0,
      discountCents: 0,
    });
    // What the provider holds: a once-only coupon named after the code, and its promotion code.
    const code = await server.stripe.promotionCodes.retrieve(discount.id as string, {
      expand: ['promotion.coupon'],
    });
    expect(code.restrictions).toMatchObject({
      first_time_transaction: false,
      minimum_amount: 5000,
      minimum_amount_currency: 'usd',
    });
    expect(code.promotion.coupon).toMatchObject({
      percent_off: 20,
      duration: 'once',
      name: 'SPRING-20',
      max_redemptions: 50,
      redeem_by: expiresAt,
    });

    // Orders typed the code in any case; refunds come off the revenue.
    await orderWith('SPRING-20', 8500, 2000);
    await orderWith('spring-20', 4500, 1000, 1500);
    await orderWith('OTHER', 9999, 99);
    const listed = (await list()).find((d) => d.code === 'SPRING-20');
    expect(listed).toMatchObject({
      id: discount.id,
      timesRedeemed: 0,
      orders: 2,
      revenueCents: 8500 + 4500 - 1500,
      discountCents: 3000,
    });
  });

  it('makes an amount code for first orders only, with no expiry or limit', async () => {
    const made = await call('admin-discounts', {
      code: 'WELCOME5',
      amountOffCents: 500,
      firstTimeOnly: true,
    });
    expect(made.status).toBe(200);
    expect(made.body.discount).toMatchObject({
      code: 'WELCOME5',
      percentOff: null,
      amountOffCents: 500,
      currency: 'usd',
      expiresAt: null,
      maxRedemptions: null,
      firstTimeOnly: true,
      minimumAmountCents: null,
    });
  });

  it('makes one code however often the same request is sent', async () => {
    const request = { code: 'RETRY-1', percentOff: 5, requestId: 'form-1' };
    const first = await call('admin-discounts', request);
    const again = await call('admin-discounts', request);
    expect(first.status).toBe(200);
    expect(again).toEqual(first);
    expect((await list()).filter((d) => d.code === 'RETRY-1')).toHaveLength(1);
    // Another submission of the same text is another code: taken while the first is active.
    const other = await call('admin-discounts', { ...request, requestId: 'form-2' });
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ error: 'code_taken' });
    expect(other.body.message).toMatch(/RETRY-1 already exists/);
  });

  it('pauses and resumes a code; a paused text can be taken by a new code', async () => {
    const made = await call('admin-discounts', { code: 'PAUSE-ME', percentOff: 10 });
    const id = (made.body.discount as Json).id as string;
    const paused = await call(`admin-discounts/${id}`, { active: false });
    expect(paused.status).toBe(200);
    expect(paused.body.discount).toMatchObject({ id, code: 'PAUSE-ME', active: false });
    expect((await server.stripe.promotionCodes.retrieve(id)).active).toBe(false);

    const resumed = await call(`admin-discounts/${id}`, { active: true });
    expect(resumed.body.discount).toMatchObject({ id, active: true });
    expect((await list()).find((d) => d.id === id)).toMatchObject({ active: true });
  });

  it('refuses a text an active code has, in any case, with 409 and the reason', async () => {
    await call('admin-discounts', { code: 'TAKEN-1', percentOff: 10 });
    const again = await call('admin-discounts', { code: 'taken-1', amountOffCents: 100 });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('code_taken');
    expect((await list()).filter((d) => d.code === 'TAKEN-1')).toHaveLength(1);
  });

  it.each([
    ['neither amount', { code: 'NONE-1' }, /percentOff: Give either percentOff or amountOffCents/],
    ['both amounts', { code: 'BOTH-1', percentOff: 5, amountOffCents: 5 }, /not both/],
    ['a percent over 100', { code: 'BIG-1', percentOff: 120 }, /percentOff/],
    ['a fractional cent', { code: 'CENT-1', amountOffCents: 1.5 }, /amountOffCents/],
    ['spaces in the code', { code: 'NO SPACE', percentOff: 5 }, /letters, digits and dashes/],
    ['a short code', { code: 'AB', percentOff: 5 }, /code/],
    ['a past expiry', { code: 'PAST-1', percentOff: 5, expiresAt: inDays(-1) }, /future/],
    ['an unknown field', { code: 'ODD-1', percentOff: 5, coupon: 'x' }, /coupon/],
    ['no redemptions', { code: 'ZERO-1', percentOff: 5, maxRedemptions: 0 }, /maxRedemptions/],
  ])('refuses %s with 400 invalid_request, making nothing', async (_, body, message) => {
    const answer = await call('admin-discounts', body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('invalid_request');
    expect(answer.body.message).toMatch(message);
    const code = (body as { code: string }).code;
    expect((await list()).some((d) => d.code === code)).toBe(false);
  });

  it('refuses a bad pause request (400) and an unknown code (404)', async () => {
    const made = await call('admin-discounts', { code: 'BODY-1', percentOff: 5 });
    const id = (made.body.discount as Json).id as string;
    expect((await call(`admin-discounts/${id}`, { active: 'no' })).status).toBe(400);
    const unknown = await call('admin-discounts/promo_nothing', { active: false });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('discount_not_found');
  });

  it('refuses anonymous callers (401) and shoppers (403), making nothing', async () => {
    const before = await list();
    const request = { code: 'SNEAKY', percentOff: 90 };
    expect((await call('admin-discounts', undefined, null)).status).toBe(401);
    expect((await call('admin-discounts', request, null)).status).toBe(401);
    for (const path of ['admin-discounts', `admin-discounts/${before[0]?.id as string}`]) {
      const answer = await call(
        path,
        path.includes('/') ? { active: false } : request,
        shopper.accessToken,
      );
      expect(answer).toEqual({
        status: 403,
        body: { error: 'not_staff', message: 'This action is for staff only.' },
      });
    }
    expect((await call('admin-discounts', undefined, shopper.accessToken)).status).toBe(403);
    expect(await list()).toEqual(before);
  });
});
