// Promotion codes on Checkout Sessions, driven as the shop drives them: the official client
// creates the coupon, the code and the session; the hosted page's forms apply the code and pay.
import Stripe from 'stripe';
import { beforeEach, describe, expect, it } from 'vitest';
import { refusalMessage } from './discounts.ts';
import { codeText, pageText } from './messages.ts';
import {
  expectSessionSchema,
  postCode,
  rawSession,
  summaryAmount,
} from './test-support/checkout-totals.ts';
import { sandboxPerTest } from './test-support/sandbox-per-test.ts';
import { payForm, sessionParams, type Started } from './test-support.ts';

let sb: Started;
let now: number;

// Before the sandbox starts, so that it starts at this time.
beforeEach(() => {
  now = Date.UTC(2026, 10, 28, 12, 0, 0);
});
sandboxPerTest(
  (started) => (sb = started),
  () => ({ clock: () => now }),
);

// sessionParams(): 2 × $149.99 and 1 × $24.50.
const SUBTOTAL = 2 * 14999 + 2450;

async function makeCode(
  code: string,
  coupon: Stripe.CouponCreateParams = { percent_off: 20, name: 'Spring 20%' },
  promo: Partial<Stripe.PromotionCodeCreateParams> = {},
) {
  const made = await sb.stripe.coupons.create({ duration: 'once', ...coupon });
  const promotion = await sb.stripe.promotionCodes.create({
    promotion: { type: 'coupon', coupon: made.id },
    code,
    ...promo,
  });
  return { coupon: made, promo: promotion };
}

async function codeSession(overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
  return sb.stripe.checkout.sessions.create(
    sessionParams({ allow_promotion_codes: true, ...overrides }),
  );
}

const EXPAND = [
  'total_details.breakdown',
  'discounts.promotion_code',
  'line_items.data.discounts',
  'line_items.data.taxes',
  'payment_intent',
];

describe('a promotion code typed on the hosted page', () => {
  it('shows a labelled field with Apply in its own form, then the code and its discount', async () => {
    const { promo, coupon } = await makeCode('SPRING-20');
    const session = await codeSession();
    expect(session).toMatchObject({ allow_promotion_codes: true, discounts: [] });
    const page = await (await fetch(session.url!)).text();
    expect(page).toContain(`<label for="code">${codeText.label}</label>`);
    expect(page).toMatch(
      new RegExp(`<form class="promo" method="post" action="${session.id}/code" novalidate>`),
    );
    expect(page).toContain(`>${codeText.apply}</button>`);

    const applied = await postCode(session.url!, { code: 'spring-20' });
    expect(applied.location).toBe(session.url);
    // 20 % of 29998 is 5999.6 → 6000; of 2450, 490.
    expect(summaryAmount(applied.page, '<span class="promo-code">SPRING-20</span>')).toBe(
      codeText.amount('$64.90'),
    );
    expect(applied.page).toContain(`${codeText.remove}<span class="visually-hidden">`);
    expect(applied.page).toContain(pageText.pay('$259.58'));

    const open = await sb.stripe.checkout.sessions.retrieve(session.id);
    expect(open).toMatchObject({
      status: 'open',
      amount_subtotal: SUBTOTAL,
      amount_total: SUBTOTAL - 6490,
      total_details: { amount_discount: 6490, amount_tax: 0 },
      discounts: [{ coupon: null, promotion_code: promo.id }],
    });

    const paid = await payForm(session.url!, { shownTotal: String(SUBTOTAL - 6490) });
    expect(paid.status).toBe(303);
    const done = await sb.stripe.checkout.sessions.retrieve(session.id, { expand: EXPAND });
    expect(done).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      amount_total: 25958,
      total_details: { amount_discount: 6490, amount_shipping: 0, amount_tax: 0 },
    });
    const code = done.discounts![0]!.promotion_code as Stripe.PromotionCode;
    expect(code).toMatchObject({ id: promo.id, code: 'SPRING-20', times_redeemed: 1 });
    const breakdown = done.total_details!.breakdown!;
    expect(breakdown.taxes).toEqual([]);
    expect(breakdown.discounts).toEqual([
      {
        amount: 6490,
        discount: expect.objectContaining({
          object: 'discount',
          checkout_session: session.id,
          promotion_code: promo.id,
          source: { coupon: coupon.id, type: 'coupon' },
        }),
      },
    ]);
    const lines = done.line_items!.data;
    expect(lines.map((l) => [l.amount_discount, l.amount_total])).toEqual([
      [6000, 23998],
      [490, 1960],
    ]);
    expect(lines[0]!.discounts).toEqual([
      { amount: 6000, discount: breakdown.discounts[0]!.discount },
    ]);
    expect(lines[0]!.taxes).toEqual([]);
    expect((done.payment_intent as Stripe.PaymentIntent).amount).toBe(25958);
    expect((await sb.stripe.coupons.retrieve(coupon.id)).times_redeemed).toBe(1);
    expectSessionSchema(await rawSession(sb, session.id, EXPAND));
    const items = await sb.stripe.checkout.sessions.listLineItems(session.id, {
      expand: ['data.discounts', 'data.taxes'],
    });
    expect(items.data[1]).toMatchObject({ amount_discount: 490, discounts: [{ amount: 490 }] });
  });

  it('takes an applied code off again with Remove', async () => {
    await makeCode('TENOFF', { amount_off: 1000, currency: 'usd' });
    const session = await codeSession();
    const applied = await postCode(session.url!, { code: 'TENOFF' });
    expect(applied.page).toContain(pageText.pay('$314.48'));
    const removed = await postCode(session.url!, { remove: '1' });
    expect(removed.page).toContain(`<label for="code">${codeText.label}</label>`);
    expect(removed.page).toContain(pageText.pay('$324.48'));
    expect(await sb.stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      discounts: [],
      amount_total: SUBTOTAL,
      total_details: { amount_discount: 0 },
    });
  });

  it.each([
    ['unknown', 'NOPE', {}, refusalMessage('invalid')],
    ['expired', 'LATE', { expires_at: 'soon' }, refusalMessage('expired')],
    ['used up', 'ONCE', { max_redemptions: 1 }, refusalMessage('used_up')],
    ['first-time only', 'FIRST', { first: true }, refusalMessage('first_time_only')],
    ['under its minimum', 'BIG', { minimum: 50_000 }, refusalMessage('minimum_amount', 50_000)],
  ] as const)(
    'refuses a code that is %s, on its field, and leaves the session open',
    async (_, text, kind, message) => {
      const email = 'ada@example.com';
      if (text !== 'NOPE') {
        const k = kind as {
          expires_at?: string;
          max_redemptions?: number;
          first?: boolean;
          minimum?: number;
        };
        await makeCode(text, undefined, {
          ...(k.expires_at ? { expires_at: Math.floor(now / 1000) + 60 } : {}),
          ...(k.max_redemptions ? { max_redemptions: k.max_redemptions } : {}),
          ...(k.first ? { restrictions: { first_time_transaction: true } } : {}),
          ...(k.minimum
            ? { restrictions: { minimum_amount: k.minimum, minimum_amount_currency: 'usd' } }
            : {}),
        });
        if (k.max_redemptions || k.first) {
          // Someone (for first-time: this customer) has already paid with it.
          const earlier = await codeSession({ customer_email: email });
          await postCode(earlier.url!, { code: text });
          expect((await payForm(earlier.url!, {})).status).toBe(303);
        }
        if (k.expires_at) now += 120_000;
      }
      const session = await codeSession({ customer_email: email });
      const { page } = await postCode(session.url!, { code: text });
      expect(page).toMatch(
        /id="code"[^>]*aria-describedby="code-error"[^>]*aria-invalid="true"[^>]*autofocus/,
      );
      expect(page).toContain(`<p class="field-error" id="code-error">${message}</p>`);
      expect(page).toContain(`value="${text}"`);
      expect(page).toContain(pageText.pay('$324.48'));
      expect(await sb.stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
        status: 'open',
        discounts: [],
        amount_total: SUBTOTAL,
      });
    },
  );

  it('asks for a code when the field is sent empty', async () => {
    const session = await codeSession();
    const { page } = await postCode(session.url!, { code: '  ' });
    expect(page).toContain(`<p class="field-error" id="code-error">${codeText.missing}</p>`);
  });
});
