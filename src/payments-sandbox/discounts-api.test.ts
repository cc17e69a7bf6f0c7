// Coupons, promotion codes and tax rates through the official client (reference §1, §2, §4.1):
// every answer of Stripe's schema, each update and error as the SDK sees it.
import Stripe from 'stripe';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sandboxPerTest } from './test-support/sandbox-per-test.ts';
import { SchemaChecker } from './test-support/schema-check.ts';
import { loadStripeSchema, type SchemaName } from './test-support/stripe-schema.ts';
import { stripeError } from './test-support.ts';

let stripe: Stripe;
let now: number;
const seconds = () => Math.floor(now / 1000);
let schema: ReturnType<typeof loadStripeSchema>;

beforeAll(() => {
  schema = loadStripeSchema();
}, 60_000);

// Before the sandbox starts, so that it starts at this time.
beforeEach(() => {
  now = Date.UTC(2026, 10, 28, 12, 0, 0);
});
sandboxPerTest(
  (sb) => (stripe = sb.stripe),
  () => ({ clock: () => now }),
);

/** Checks a rendered object against stripe-node's declaration of it: every key, every type. */
function conforms(name: SchemaName, value: unknown): void {
  const report = new SchemaChecker(schema.checker).check(schema.types[name], value, name);
  expect(report.findings).toEqual([]);
  expect(report.present).toBe(report.required);
}

async function expectBadRequest(call: () => Promise<unknown>, param: string, message?: RegExp) {
  const err = await stripeError(call);
  expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  expect(err.statusCode).toBe(400);
  expect(err.param).toBe(param);
  if (message) expect(err.message).toMatch(message);
}

async function expectMissing(call: () => Promise<unknown>, message: string) {
  const err = await stripeError(call);
  expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  expect(err).toMatchObject({ statusCode: 404, code: 'resource_missing', message });
}

describe('coupons', () => {
  it('creates, retrieves, updates, lists and deletes a coupon', async () => {
    const redeemBy = seconds() + 30 * 86400;
    const coupon = await stripe.coupons.create({
      id: 'SPRING20',
      percent_off: 20,
      duration: 'once',
      name: 'Spring 20%',
      max_redemptions: 100,
      redeem_by: redeemBy,
      metadata: { campaign: 'spring' },
    });
    expect(coupon).toEqual({
      id: 'SPRING20',
      object: 'coupon',
      amount_off: null,
      created: seconds(),
      currency: null,
      duration: 'once',
      duration_in_months: null,
      livemode: false,
      max_redemptions: 100,
      metadata: { campaign: 'spring' },
      name: 'Spring 20%',
      percent_off: 20,
      redeem_by: redeemBy,
      times_redeemed: 0,
      valid: true,
    });
    conforms('coupon', coupon);
    expect(await stripe.coupons.retrieve('SPRING20')).toEqual(coupon);

    const amount = await stripe.coupons.create({ amount_off: 500, currency: 'USD' });
    expect(amount).toMatchObject({ amount_off: 500, currency: 'usd', percent_off: null });
    expect(amount.id).toMatch(/^[A-Za-z0-9]{8}$/);

    const updated = await stripe.coupons.update('SPRING20', {
      name: 'Spring sale',
      metadata: { campaign: '', channel: 'mail' },
    });
    expect(updated).toMatchObject({ name: 'Spring sale', metadata: { channel: 'mail' } });
    await expectBadRequest(
      () => stripe.coupons.update('SPRING20', { percent_off: 30 } as object),
      'percent_off',
      /unknown parameter/,
    );

    const listed = await stripe.coupons.list({ limit: 1 });
    expect(listed.data.map((c) => c.id)).toEqual([amount.id]);
    expect(listed.has_more).toBe(true);
    const rest = await stripe.coupons.list({ starting_after: amount.id });
    expect(rest.data.map((c) => c.id)).toEqual(['SPRING20']);

    const code = await stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: 'SPRING20' },
    });
    const deleted = await stripe.coupons.del('SPRING20');
    expect(deleted).toEqual({ id: 'SPRING20', object: 'coupon', deleted: true });
    conforms('deletedCoupon', deleted);
    await expectMissing(() => stripe.coupons.retrieve('SPRING20'), "No such coupon: 'SPRING20'");
    await expectMissing(() => stripe.coupons.del('SPRING20'), "No such coupon: 'SPRING20'");
    expect((await stripe.coupons.list()).data.map((c) => c.id)).toEqual([amount.id]);
    // A code of a deleted coupon can no longer be used.
    expect((await stripe.promotionCodes.retrieve(code.id)).active).toBe(false);
  });

  it('replays a create sent again with its Idempotency-Key', async () => {
    const params = { percent_off: 5, name: 'Once' };
    const first = await stripe.coupons.create(params, { idempotencyKey: 'coupon-once' });
    const again = await stripe.coupons.create(params, { idempotencyKey: 'coupon-once' });
    expect(again).toEqual(first);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect((await stripe.coupons.list()).data).toHaveLength(1);
  });

  it('refuses a coupon without one discount, with bad values, or an id taken', async () => {
    await stripe.coupons.create({ id: 'TAKEN', percent_off: 10 });
    const cases: Array<[object, string]> = [
      [{}, 'percent_off'],
      [{ percent_off: 10, amount_off: 100, currency: 'usd' }, 'amount_off'],
      [{ amount_off: 100 }, 'currency'],
      [{ amount_off: 100, currency: 'eur' }, 'currency'],
      [{ amount_off: 0, currency: 'usd' }, 'amount_off'],
      [{ percent_off: 0 }, 'percent_off'],
      [{ percent_off: 100.5 }, 'percent_off'],
      [{ percent_off: 10, duration: 'forever' }, 'duration'],
      [{ percent_off: 10, max_redemptions: 0 }, 'max_redemptions'],
      [{ percent_off: 10, redeem_by: seconds() - 1 }, 'redeem_by'],
      [{ percent_off: 10, name: 'x'.repeat(41) }, 'name'],
      [{ percent_off: 10, id: 'has space' }, 'id'],
      [{ percent_off: 10, applies_to: { products: ['prod_1'] } }, 'applies_to'],
    ];
    for (const [params, param] of cases) {
      await expectBadRequest(() => stripe.coupons.create(params), param);
    }
    const taken = await stripeError(() => stripe.coupons.create({ id: 'TAKEN', percent_off: 5 }));
    expect(taken).toMatchObject({ statusCode: 400, code: 'resource_already_exists', param: 'id' });
    await expectMissing(
      () => stripe.coupons.update('NOPE', { name: 'x' }),
      "No such coupon: 'NOPE'",
    );
  });
});

describe('promotion codes', () => {
  it('creates a code for a coupon, with its restrictions and the coupon expanded', async () => {
    const redeemBy = seconds() + 7 * 86400;
    await stripe.coupons.create({ id: 'LAUNCH', percent_off: 15, redeem_by: redeemBy });
    const promo = await stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: 'LAUNCH' },
      code: 'Launch-15',
      max_redemptions: 50,
      restrictions: {
        first_time_transaction: true,
        minimum_amount: 5000,
        minimum_amount_currency: 'usd',
      },
      metadata: { by: 'staff' },
    });
    expect(promo.id).toMatch(/^promo_[A-Za-z0-9]{24}$/);
    expect(promo).toEqual({
      id: promo.id,
      object: 'promotion_code',
      active: true,
      code: 'Launch-15',
      created: seconds(),
      customer: null,
      customer_account: null,
      // The coupon's redeem_by, copied in when none is given.
      expires_at: redeemBy,
      livemode: false,
      max_redemptions: 50,
      metadata: { by: 'staff' },
      promotion: { coupon: 'LAUNCH', type: 'coupon' },
      restrictions: {
        first_time_transaction: true,
        minimum_amount: 5000,
        minimum_amount_currency: 'usd',
      },
      times_redeemed: 0,
    });
    conforms('promotionCode', promo);
    const expanded = await stripe.promotionCodes.retrieve(promo.id, {
      expand: ['promotion.coupon'],
    });
    expect(expanded.promotion.coupon).toMatchObject({ id: 'LAUNCH', object: 'coupon' });
    conforms('promotionCode', expanded);

    const generated = await stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: 'LAUNCH' },
    });
    expect(generated.code).toMatch(/^[A-Z0-9]{8}$/);
    expect(generated.restrictions).toEqual({
      first_time_transaction: false,
      minimum_amount: null,
      minimum_amount_currency: null,
    });
  });

  it('keeps one active code per text, ignoring case; a paused code frees its text', async () => {
    await stripe.coupons.create({ id: 'TEN', percent_off: 10 });
    const promotion = { type: 'coupon' as const, coupon: 'TEN' };
    const first = await stripe.promotionCodes.create({ promotion, code: 'SPRING-20' });
    const dup = await stripeError(() =>
      stripe.promotionCodes.create({ promotion, code: 'spring-20' }),
    );
    expect(dup).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(dup).toMatchObject({
      statusCode: 400,
      message: 'An active promotion code with `code: spring-20` already exists.',
    });
    // An inactive one may share the text.
    await stripe.promotionCodes.create({ promotion, code: 'Spring-20', active: false });

    const paused = await stripe.promotionCodes.update(first.id, { active: false });
    expect(paused.active).toBe(false);
    const second = await stripe.promotionCodes.create({ promotion, code: 'spring-20' });
    const again = await stripeError(() => stripe.promotionCodes.update(first.id, { active: true }));
    expect(again.message).toBe('An active promotion code with `code: SPRING-20` already exists.');
    await stripe.promotionCodes.update(second.id, { active: false, metadata: { note: 'x' } });
    const resumed = await stripe.promotionCodes.update(first.id, {
      active: true,
      expand: ['promotion.coupon'],
    });
    expect(resumed).toMatchObject({ active: true, promotion: { coupon: { id: 'TEN' } } });

    const byCode = await stripe.promotionCodes.list({ code: 'spring-20', active: true });
    expect(byCode.data.map((p) => p.id)).toEqual([first.id]);
    const all = await stripe.promotionCodes.list({
      coupon: 'TEN',
      expand: ['data.promotion.coupon'],
    });
    expect(all.data).toHaveLength(3);
    expect(all.data[0]!.promotion.coupon).toMatchObject({ id: 'TEN', valid: true });
    expect((await stripe.promotionCodes.list({ active: false })).data).toHaveLength(2);
  });

  it('shows a code inactive once expired, and does not let it be resumed', async () => {
    await stripe.coupons.create({ id: 'SHORT', percent_off: 10, redeem_by: seconds() + 3600 });
    const promo = await stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: 'SHORT' },
      code: 'SHORT',
      expires_at: seconds() + 600,
    });
    await stripe.promotionCodes.update(promo.id, { active: false });
    now += 601_000;
    expect((await stripe.promotionCodes.retrieve(promo.id)).active).toBe(false);
    await expectBadRequest(
      () => stripe.promotionCodes.update(promo.id, { active: true }),
      'active',
      /cannot be reactivated because it has expired/,
    );
    now += 3600_000;
    const coupon = await stripe.coupons.retrieve('SHORT');
    expect(coupon.valid).toBe(false);
    await expectBadRequest(
      () => stripe.promotionCodes.create({ promotion: { type: 'coupon', coupon: 'SHORT' } }),
      'promotion[coupon]',
    );
  });

  it('refuses bad parameters and unknown objects', async () => {
    await stripe.coupons.create({ id: 'CAPPED', percent_off: 10, max_redemptions: 5 });
    const promotion = { type: 'coupon' as const, coupon: 'CAPPED' };
    const cases: Array<[object, string]> = [
      [{ code: 'X' }, 'promotion'],
      [{ promotion: { type: 'coupon' } }, 'promotion[coupon]'],
      [{ coupon: 'CAPPED', promotion }, 'coupon'],
      [{ promotion, code: 'no spaces' }, 'code'],
      [{ promotion, max_redemptions: 6 }, 'max_redemptions'],
      [{ promotion, expires_at: seconds() - 10 }, 'expires_at'],
      [
        { promotion, restrictions: { minimum_amount: 100 } },
        'restrictions[minimum_amount_currency]',
      ],
      [
        { promotion, restrictions: { minimum_amount: 100, minimum_amount_currency: 'eur' } },
        'restrictions[minimum_amount_currency]',
      ],
      [{ promotion, customer: 'cus_1' }, 'customer'],
    ];
    for (const [params, param] of cases) {
      await expectBadRequest(
        () => stripe.promotionCodes.create(params as Stripe.PromotionCodeCreateParams),
        param,
      );
    }
    const noCoupon = await stripeError(() =>
      stripe.promotionCodes.create({ promotion: { type: 'coupon', coupon: 'GONE' } }),
    );
    expect(noCoupon).toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      message: "No such coupon: 'GONE'",
    });
    await expectMissing(
      () => stripe.promotionCodes.retrieve('promo_nope'),
      "No such promotion code: 'promo_nope'",
    );
    await expectMissing(
      () => stripe.promotionCodes.update('promo_nope', { active: false }),
      "No such promotion code: 'promo_nope'",
    );
    await expectBadRequest(
      () => stripe.promotionCodes.list({ starting_after: 'promo_nope' }),
      'starting_after',
    );
  });
});
