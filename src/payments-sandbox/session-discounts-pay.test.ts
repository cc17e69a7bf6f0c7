// A session's discount at payment: redeemed once, refused when the code ran out meanwhile,
// released when the session expires unpaid; a discount given at create; a no-cost order.
import Stripe from 'stripe';
import { beforeEach, describe, expect, it } from 'vitest';
import { refusalMessage } from './discounts.ts';
import { FileStore } from './file-store.ts';
import { pageText } from './messages.ts';
import type { SandboxStore } from './storage.ts';
import { expectSessionSchema, postCode, rawSession } from './test-support/checkout-totals.ts';
import { sandboxPerTest } from './test-support/sandbox-per-test.ts';
import {
  pageAfter,
  payForm,
  sessionParams,
  shippingFields,
  shippingParams,
  taxRateParams,
  type Started,
} from './test-support.ts';

let sb: Started;
/** When set, the store fails to complete a session (a crash after the redemption). */
let failCompletion = false;

beforeEach(() => {
  failCompletion = false;
});

/** The file store of `dataDir`, which fails completions while failCompletion is set. */
function crashingStore(dataDir: string): SandboxStore {
  const files = new FileStore(dataDir, () => {
    throw new Error('no event to rebuild in these tests');
  });
  return new Proxy(files, {
    get(target, key, receiver) {
      if (key === 'reviseSession') {
        return (...args: Parameters<SandboxStore['reviseSession']>) => {
          if (failCompletion && args[0].status === 'complete') throw new Error('crash');
          return target.reviseSession(...args);
        };
      }
      const value: unknown = Reflect.get(target, key, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

sandboxPerTest(
  (started) => (sb = started),
  (dataDir) => ({ storage: { store: crashingStore(dataDir) }, logger: { error: () => undefined } }),
);

const SUBTOTAL = 2 * 14999 + 2450;

async function makeCode(code: string, coupon: Stripe.CouponCreateParams, maxRedemptions?: number) {
  const made = await sb.stripe.coupons.create(coupon);
  const promo = await sb.stripe.promotionCodes.create({
    promotion: { type: 'coupon', coupon: made.id },
    code,
    ...(maxRedemptions ? { max_redemptions: maxRedemptions } : {}),
  });
  return { coupon: made, promo };
}

const codeSession = (overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}) =>
  sb.stripe.checkout.sessions.create(sessionParams({ allow_promotion_codes: true, ...overrides }));

describe('paying a session with a discount', () => {
  it('refuses on the code field, charging nothing, when the code ran out since it was applied', async () => {
    const { promo } = await makeCode('LAST', { percent_off: 10 }, 1);
    const first = await codeSession();
    const second = await codeSession();
    await postCode(first.url!, { code: 'LAST' });
    await postCode(second.url!, { code: 'LAST' });
    expect((await payForm(first.url!, {})).status).toBe(303);

    const discounted = String(SUBTOTAL - 3245);
    const refused = await pageAfter(
      await payForm(second.url!, { shownTotal: discounted }),
      second.url!,
    );
    const page = await refused.page.text();
    expect(page).toContain(
      `<p class="field-error" id="code-error">${refusalMessage('used_up')}</p>`,
    );
    expect(page).toMatch(/id="code"[^>]*aria-invalid="true"[^>]*autofocus/);
    expect(page).toContain(pageText.pay('$324.48'));
    const open = await sb.stripe.checkout.sessions.retrieve(second.id);
    expect(open).toMatchObject({ status: 'open', payment_intent: null, discounts: [] });
    expect((await sb.stripe.promotionCodes.retrieve(promo.id)).times_redeemed).toBe(1);

    // The page now shows the full price, which the next pay charges.
    expect((await payForm(second.url!, { shownTotal: String(SUBTOTAL) })).status).toBe(303);
    expect((await sb.stripe.checkout.sessions.retrieve(second.id)).amount_total).toBe(SUBTOTAL);
  });

  it('counts a redemption once across a crash and a retry, and frees it when the session expires', async () => {
    const { promo, coupon } = await makeCode('ONCE', { percent_off: 10 }, 1);
    const crashed = await codeSession();
    await postCode(crashed.url!, { code: 'ONCE' });
    failCompletion = true;
    expect((await payForm(crashed.url!, {})).status).toBe(500);
    failCompletion = false;
    expect((await sb.stripe.promotionCodes.retrieve(promo.id)).times_redeemed).toBe(1);
    expect((await sb.stripe.checkout.sessions.retrieve(crashed.id)).status).toBe('open');
    // The retry finds its own redemption.
    expect((await payForm(crashed.url!, {})).status).toBe(303);
    expect((await sb.stripe.promotionCodes.retrieve(promo.id)).times_redeemed).toBe(1);
    expect((await sb.stripe.coupons.retrieve(coupon.id)).times_redeemed).toBe(1);

    const { promo: other } = await makeCode('AGAIN', { percent_off: 10 }, 1);
    const abandoned = await codeSession();
    await postCode(abandoned.url!, { code: 'AGAIN' });
    failCompletion = true;
    await payForm(abandoned.url!, {});
    failCompletion = false;
    expect((await sb.stripe.promotionCodes.retrieve(other.id)).times_redeemed).toBe(1);
    await sb.stripe.checkout.sessions.expire(abandoned.id);
    expect((await sb.stripe.promotionCodes.retrieve(other.id)).times_redeemed).toBe(0);
  });

  it('completes a session discounted to nothing without a card or a payment intent', async () => {
    await makeCode('FREE', { percent_off: 100 });
    const session = await codeSession();
    const { page } = await postCode(session.url!, { code: 'FREE' });
    expect(page).toContain(`<button type="submit" class="pay">${pageText.completeOrder}</button>`);
    expect(page).toContain(pageText.noCardNeeded);
    expect(page).not.toContain('id="cardNumber"');
    const res = await fetch(session.url!, {
      method: 'POST',
      body: new URLSearchParams({ email: 'ada@example.com', shownTotal: '0' }),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    const done = await sb.stripe.checkout.sessions.retrieve(session.id);
    expect(done).toMatchObject({
      status: 'complete',
      payment_status: 'no_payment_required',
      payment_intent: null,
      amount_total: 0,
      total_details: { amount_discount: SUBTOTAL },
      customer_details: { email: 'ada@example.com', name: null },
    });
    // The only payment of this sandbox: no charge or payment intent events.
    const types = (await sb.stripe.events.list()).data.map((e) => e.type);
    expect(types).toEqual(['checkout.session.completed']);
    expectSessionSchema(await rawSession(sb, session.id, ['total_details.breakdown']));
  });
});

describe('a discount with tax', () => {
  it('taxes each line after its discount, and shipping in full', async () => {
    await sb.stripe.taxRates.create(taxRateParams.california);
    await makeCode('SPRING-20', { percent_off: 20 });
    const session = await codeSession({
      automatic_tax: { enabled: true },
      ...shippingParams(),
    });
    await postCode(session.url!, { code: 'SPRING-20' });
    const rate = session.shipping_options[0]!.shipping_rate as string;
    const place = { ...shippingFields, state: 'CA', postalCode: '94103', shippingRate: rate };
    expect((await payForm(session.url!, place)).status).toBe(303);
    const done = await sb.stripe.checkout.sessions.retrieve(session.id, {
      expand: ['total_details.breakdown', 'line_items'],
    });
    // 29998 − 6000 → 1740 tax; 2450 − 490 → 142; shipping 500 → 36.
    expect(done).toMatchObject({
      amount_subtotal: SUBTOTAL,
      amount_total: SUBTOTAL - 6490 + 1918 + 500,
      total_details: { amount_discount: 6490, amount_tax: 1918, amount_shipping: 500 },
    });
    expect(done.line_items!.data.map((l) => l.amount_total)).toEqual([23998 + 1740, 1960 + 142]);
    expect(done.total_details!.breakdown!.taxes[0]).toMatchObject({
      amount: 1918,
      taxable_amount: 23998 + 1960 + 500,
    });
  });
});

describe('a discount given at create (discounts[0])', () => {
  it('applies a coupon or a promotion code, shown in the summary, not removable', async () => {
    const { coupon, promo } = await makeCode('WELCOME', { amount_off: 500, currency: 'usd' });
    const byCoupon = await sb.stripe.checkout.sessions.create(
      sessionParams({ discounts: [{ coupon: coupon.id }], expand: ['discounts.coupon'] }),
    );
    expect(byCoupon).toMatchObject({
      allow_promotion_codes: null,
      amount_total: SUBTOTAL - 500,
      total_details: { amount_discount: 500 },
      discounts: [{ coupon: { id: coupon.id, amount_off: 500 }, promotion_code: null }],
    });
    const page = await (await fetch(byCoupon.url!)).text();
    expect(page).toContain(`<span class="promo-code">${coupon.id}</span>`);
    expect(page).not.toContain('id="code"');
    const byCode = await sb.stripe.checkout.sessions.create(
      sessionParams({ discounts: [{ promotion_code: promo.id }] }),
    );
    expect(byCode.discounts).toEqual([{ coupon: null, promotion_code: promo.id }]);
    expect((await payForm(byCode.url!, {})).status).toBe(303);
    expect((await sb.stripe.promotionCodes.retrieve(promo.id)).times_redeemed).toBe(1);
  });

  it.each([
    [{ discounts: [{ coupon: 'NOPE' }] }, 'discounts[0][coupon]', "No such coupon: 'NOPE'"],
    [
      { discounts: [{ promotion_code: 'promo_nope' }] },
      'discounts[0][promotion_code]',
      "No such promotion code: 'promo_nope'",
    ],
    [
      { discounts: [{ coupon: 'NOPE' }], allow_promotion_codes: false },
      'allow_promotion_codes',
      'You may only specify one of these parameters: allow_promotion_codes, discounts.',
    ],
  ])('refuses %j', async (params, param, message) => {
    const err = await sb.stripe.checkout.sessions
      .create(sessionParams(params as Partial<Stripe.Checkout.SessionCreateParams>))
      .catch((e: unknown) => e as Stripe.errors.StripeError);
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(err).toMatchObject({ statusCode: 400, param, message });
  });
});
