// For tests: what every SandboxStore promises about coupons, promotion codes and tax rates, and
// the redemptions built on it (discounts.ts), run against the file store (discounts.test.ts) and
// the database store (src/server/payments/sandbox-store.test.ts, on PGlite and PostgreSQL).
import { expect, it } from 'vitest';
import { appliedDiscount, redeem, release } from '../discounts.ts';
import type { SandboxStore } from '../storage.ts';
import type { CouponRecord, PromotionCodeRecord, SessionRecord, TaxRateRecord } from '../types.ts';

/** Two stores over the same state (two instances on one database), or one store twice. */
export type OpenStores = () => Promise<[SandboxStore, SandboxStore]>;

const NOW = 1_795_000_000;
let serial = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(serial += 1)}`;

export function couponRecord(overrides: Partial<CouponRecord> = {}): CouponRecord {
  return {
    ...{ id: unique('C'), kind: 'coupon', created: NOW, revision: 0, name: null },
    ...{ percentOff: 10, amountOff: null, currency: null, duration: 'once' },
    ...{ maxRedemptions: null, redeemBy: null, metadata: {}, timesRedeemed: 0, redeemedBy: [] },
    ...overrides,
  };
}

export function promoRecord(
  coupon: CouponRecord,
  overrides: Partial<PromotionCodeRecord> = {},
): PromotionCodeRecord {
  return {
    ...{ id: unique('promo_'), kind: 'promotion_code', created: NOW, revision: 0 },
    ...{ code: unique('CODE'), couponId: coupon.id, active: true, expiresAt: null },
    ...{ maxRedemptions: null, firstTimeTransaction: false, minimumAmount: null },
    ...{ minimumAmountCurrency: null, metadata: {}, redemptions: [] },
    ...overrides,
  };
}

function taxRateRecord(created: number): TaxRateRecord {
  return {
    ...{ id: unique('txr_'), kind: 'tax_rate', created, revision: 0, displayName: 'VAT' },
    ...{ percentage: 19, inclusive: true, active: true, country: 'DE', state: null },
    ...{ jurisdiction: null, taxType: 'vat', description: null, metadata: {} },
  };
}

/** A complete session paid with this email, as the hosted page leaves one. */
function paidSession(email: string): SessionRecord {
  return {
    ...{ id: unique('cs_test_'), created: NOW, expiresAt: NOW + 86400, status: 'complete' },
    ...{ paymentStatus: 'paid', currency: 'usd', amountTotal: 1000, metadata: {} },
    ...{ successUrl: 'http://localhost/ok', cancelUrl: null, clientReferenceId: null },
    ...{ customerEmail: null, lineItems: [], paymentIntent: null, events: [], revision: 1 },
    customerDetails: { email, name: 'Ada' },
  };
}

async function setUp(stores: SandboxStore[], ...records: (CouponRecord | PromotionCodeRecord)[]) {
  for (const record of records) expect(await stores[0]!.insertObject(record)).toBe(true);
}

const ctx = (sessionId: string, email: string | null = null) => ({
  sessionId,
  email,
  subtotal: 10_000,
  nowSeconds: NOW,
});

export function objectStoreContract(open: OpenStores): void {
  it('inserts, reads and lists objects newest first, and revises them by compare-and-set', async () => {
    const [a, b] = await open();
    const older = couponRecord({ created: NOW - 10, name: 'older' });
    const first = couponRecord();
    const second = couponRecord();
    await setUp([a], older, first, second);
    expect(await b.insertObject({ ...first, name: 'again' })).toBe(false);
    const rate = taxRateRecord(NOW);
    expect(await b.insertObject(rate)).toBe(true);
    const coupons = (await b.listObjects('coupon')).map((c) => c.id);
    expect(coupons.filter((id) => [older.id, first.id, second.id].includes(id))).toEqual([
      second.id,
      first.id,
      older.id,
    ]);
    expect((await a.listObjects('tax_rate')).map((r) => r.id)).toContain(rate.id);
    expect(await b.getObject(rate.id)).toEqual(rate);
    expect(await a.getObject('nothing')).toBeUndefined();

    // Of changes made from one revision, only the first is written.
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 ? a : b).reviseObject({ ...first, name: `n${i}`, revision: 1 }, 0),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await a.reviseObject({ ...first, revision: 1 }, 0)).toBe(false);
    expect(await b.reviseObject({ ...first, revision: 1 }, 0)).toBe(false);
    expect((await a.getObject(first.id))?.revision).toBe(1);
  });

  it('keeps one active promotion code per text, ignoring case', async () => {
    const [a, b] = await open();
    const coupon = couponRecord();
    const text = unique('Save-');
    const active = promoRecord(coupon, { code: text });
    await setUp([a], coupon);
    const inserts = await Promise.all(
      [active, promoRecord(coupon, { code: text.toLowerCase() })].map((p, i) =>
        (i ? b : a).insertObject(p),
      ),
    );
    expect(inserts.filter(Boolean)).toHaveLength(1);
    const winner = (await a.listObjects('promotion_code')).find(
      (p) => p.code.toLowerCase() === text.toLowerCase(),
    )!;
    const paused = promoRecord(coupon, { code: text.toUpperCase(), active: false });
    expect(await b.insertObject(paused)).toBe(true);
    expect(await a.reviseObject({ ...paused, active: true, revision: 1 }, 0)).toBe(false);
    expect(await a.reviseObject({ ...winner, active: false, revision: 1 }, 0)).toBe(true);
    expect(await b.reviseObject({ ...paused, active: true, revision: 1 }, 0)).toBe(true);
  });

  it('knows which emails completed a payment, ignoring case, except the session asking', async () => {
    const [a, b] = await open();
    const email = `${unique('ada')}@Example.com`;
    const session = paidSession(email);
    expect(await b.hasCompletedPayment(email, 'cs_other')).toBe(false);
    await a.insertSession(session);
    expect(await b.hasCompletedPayment(email.toUpperCase(), 'cs_other')).toBe(true);
    expect(await b.hasCompletedPayment(email, session.id)).toBe(false);
    expect(await a.hasCompletedPayment(`x${email}`, 'cs_other')).toBe(false);
  });

  it('redeems a code with one place left for one of 20 payments at once', async () => {
    const stores = await open();
    const coupon = couponRecord();
    const promo = promoRecord(coupon, { maxRedemptions: 1 });
    await setUp(stores, coupon, promo);
    const discount = appliedDiscount(promo, coupon);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        redeem(stores[i % 2]!, discount, ctx(`cs_${i}`, `s${i}@example.com`)),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.refusal === 'used_up')).toHaveLength(19);
    const after = (await stores[0].getObject(promo.id)) as PromotionCodeRecord;
    expect(after.redemptions).toHaveLength(1);
    expect(((await stores[1].getObject(coupon.id)) as CouponRecord).timesRedeemed).toBe(1);
  });

  it('redeems a first-time code once for one email paying from two sessions at once', async () => {
    const stores = await open();
    const coupon = couponRecord({ maxRedemptions: 10 });
    const promo = promoRecord(coupon, { firstTimeTransaction: true });
    await setUp(stores, coupon, promo);
    const discount = appliedDiscount(promo, coupon);
    const results = await Promise.all([
      redeem(stores[0], discount, ctx('cs_tab1', 'ada@example.com')),
      redeem(stores[1], discount, ctx('cs_tab2', 'ADA@example.com')),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, refusal: 'first_time_only' });
    expect(((await stores[0].getObject(coupon.id)) as CouponRecord).timesRedeemed).toBe(1);
    // Someone who paid before is refused too.
    const email = `${unique('bob')}@example.com`;
    await stores[0].insertSession(paidSession(email));
    expect(await redeem(stores[1], discount, ctx('cs_bob', email))).toEqual({
      ok: false,
      refusal: 'first_time_only',
    });
  });

  it('counts a retried redemption once, also after a crash between the coupon and the code', async () => {
    const [a, b] = await open();
    const coupon = couponRecord({ maxRedemptions: 2 });
    const promo = promoRecord(coupon, { maxRedemptions: 2 });
    await setUp([a], coupon, promo);
    const discount = appliedDiscount(promo, coupon);
    // The first attempt dies after counting on the coupon, before the code is written.
    const crashing: SandboxStore = Object.assign(Object.create(a) as SandboxStore, {
      reviseObject: async (record: CouponRecord | PromotionCodeRecord, revision: number) => {
        if (record.kind === 'promotion_code') throw new Error('crash');
        return a.reviseObject(record, revision);
      },
    });
    await expect(redeem(crashing, discount, ctx('cs_retry'))).rejects.toThrow('crash');
    expect(await redeem(b, discount, ctx('cs_retry'))).toEqual({ ok: true });
    expect(await redeem(a, discount, ctx('cs_retry'))).toEqual({ ok: true });
    expect(((await a.getObject(promo.id)) as PromotionCodeRecord).redemptions).toEqual([
      { sessionId: 'cs_retry', email: null },
    ]);
    expect(((await b.getObject(coupon.id)) as CouponRecord).timesRedeemed).toBe(1);
  });

  it('gives a place back on release, and counts a coupon without a code on the coupon', async () => {
    const [a, b] = await open();
    const coupon = couponRecord({ maxRedemptions: 1 });
    const promo = promoRecord(coupon);
    await setUp([a], coupon, promo);
    const viaCode = appliedDiscount(promo, coupon);
    const direct = appliedDiscount(null, coupon);
    expect(await redeem(a, viaCode, ctx('cs_1'))).toEqual({ ok: true });
    expect(await redeem(b, direct, ctx('cs_2'))).toEqual({ ok: false, refusal: 'used_up' });
    await release(b, viaCode, 'cs_1');
    await release(a, viaCode, 'cs_1');
    expect(((await a.getObject(promo.id)) as PromotionCodeRecord).redemptions).toEqual([]);
    expect(await redeem(b, direct, ctx('cs_2'))).toEqual({ ok: true });
    const counted = (await a.getObject(coupon.id)) as CouponRecord;
    expect(counted).toMatchObject({ timesRedeemed: 1, redeemedBy: ['cs_2'] });
  });
}
