// The rules of a code (discounts.ts) on their own, then the store contract and redemption races
// on the file store; the database store runs the same contract in sandbox-store.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { appliedDiscount, checkCode, findCode, refusalMessage } from './discounts.ts';
import { FileStore } from './file-store.ts';
import {
  couponRecord,
  objectStoreContract,
  promoRecord,
} from './test-support/object-store-contract.ts';
import { tempDir } from './test-support.ts';

const NOW = 1_795_000_000;
const ctx = (overrides: Partial<Parameters<typeof checkCode>[2]> = {}) => ({
  nowSeconds: NOW,
  subtotal: 5000,
  sessionId: 'cs_me',
  email: 'ada@example.com',
  priorPayment: false,
  ...overrides,
});

describe('checkCode', () => {
  const coupon = couponRecord({ id: 'TEN' });
  const promo = promoRecord(coupon, { code: 'TEN-OFF' });

  it('accepts a usable code, and says why another is refused', () => {
    expect(checkCode(promo, coupon, ctx())).toBeNull();
    const cases: Array<[Parameters<typeof checkCode>, string]> = [
      [[{ ...promo, active: false }, coupon, ctx()], 'invalid'],
      [[promo, { ...coupon, deleted: true }, ctx()], 'invalid'],
      [[promo, couponRecord(), ctx()], 'invalid'],
      [[{ ...promo, expiresAt: NOW }, coupon, ctx()], 'expired'],
      [[promo, { ...coupon, redeemBy: NOW - 1 }, ctx()], 'expired'],
      [
        [
          { ...promo, maxRedemptions: 1, redemptions: [{ sessionId: 'cs_x', email: null }] },
          coupon,
          ctx(),
        ],
        'used_up',
      ],
      [[promo, { ...coupon, maxRedemptions: 2, timesRedeemed: 2 }, ctx()], 'used_up'],
      [
        [{ ...promo, firstTimeTransaction: true }, coupon, ctx({ priorPayment: true })],
        'first_time_only',
      ],
      [
        [
          {
            ...promo,
            firstTimeTransaction: true,
            redemptions: [{ sessionId: 'cs_x', email: 'ADA@example.com' }],
          },
          coupon,
          ctx(),
        ],
        'first_time_only',
      ],
      [
        [{ ...promo, minimumAmount: 5001, minimumAmountCurrency: 'usd' }, coupon, ctx()],
        'minimum_amount',
      ],
    ];
    for (const [args, refusal] of cases) expect(checkCode(...args), refusal).toBe(refusal);
  });

  it('does not count the session’s own redemption against it, and checks a coupon alone', () => {
    const own = [{ sessionId: 'cs_me', email: 'ada@example.com' }];
    const full = { ...promo, maxRedemptions: 1, firstTimeTransaction: true, redemptions: own };
    const counted = { ...coupon, maxRedemptions: 1, timesRedeemed: 1, redeemedBy: ['cs_me'] };
    expect(checkCode(full, counted, ctx())).toBeNull();
    expect(checkCode(full, counted, ctx({ sessionId: 'cs_other' }))).toBe('used_up');
    expect(checkCode(null, counted, ctx())).toBeNull();
    expect(checkCode(null, counted, ctx({ sessionId: 'cs_other' }))).toBe('used_up');
    // Without an email yet, the first-time rule waits for the payment's.
    const firstTime = { ...promo, firstTimeTransaction: true };
    expect(checkCode(firstTime, coupon, ctx({ email: null }))).toBeNull();
  });

  it('copies the coupon’s values into the applied discount', () => {
    const amount = couponRecord({ id: 'FIVE', name: '$5 off', percentOff: null, amountOff: 500 });
    expect(appliedDiscount(promoRecord(amount, { id: 'promo_1', code: 'FIVE' }), amount)).toEqual({
      promotionCodeId: 'promo_1',
      couponId: 'FIVE',
      code: 'FIVE',
      name: '$5 off',
      percentOff: null,
      amountOff: 500,
    });
    expect(appliedDiscount(null, amount)).toMatchObject({ promotionCodeId: null, code: null });
  });

  it('words each refusal as the hosted page shows it', () => {
    expect(refusalMessage('invalid')).toBe('This code is invalid.');
    expect(refusalMessage('expired')).toBe('This code has expired.');
    expect(refusalMessage('used_up')).toBe('This code has been used the maximum number of times.');
    expect(refusalMessage('first_time_only')).toBe('This code is only for a first order.');
    expect(refusalMessage('minimum_amount', 5000)).toBe(
      'This code needs an order of at least $50.00.',
    );
    expect(refusalMessage('minimum_amount', 123456)).toBe(
      'This code needs an order of at least $1,234.56.',
    );
  });
});

describe('the file store', () => {
  const dirs: Array<ReturnType<typeof tempDir>> = [];
  const stores: FileStore[] = [];
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((s) => s.close()));
    for (const dir of dirs.splice(0)) dir.remove();
  });
  const openStore = () => {
    const dir = tempDir();
    dirs.push(dir);
    const store = new FileStore(dir.dir, () => {
      throw new Error('no events in these tests');
    });
    stores.push(store);
    return store;
  };

  // One process owns a file store: its "two instances" are one store.
  objectStoreContract(async () => {
    const store = openStore();
    return [store, store];
  });

  it('finds the active code a shopper typed, ignoring case, and keeps objects across restarts', async () => {
    const store = openStore();
    const coupon = couponRecord({ id: 'Spring-Sale' });
    const paused = promoRecord(coupon, { code: 'SPRING', active: false });
    const live = promoRecord(coupon, { code: 'Spring' });
    for (const record of [coupon, paused, live])
      expect(await store.insertObject(record)).toBe(true);
    expect(await findCode(store, ' spring ')).toEqual({ promo: live, coupon });
    expect(await findCode(store, 'autumn')).toBeUndefined();
    await store.close();
    const again = new FileStore(dirs[0]!.dir, () => {
      throw new Error('unused');
    });
    expect(await again.getObject('Spring-Sale')).toEqual(coupon);
    expect((await again.listObjects('promotion_code')).map((p) => p.id)).toEqual([
      live.id,
      paused.id,
    ]);
  });
});
