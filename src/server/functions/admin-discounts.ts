import type { Handler } from 'hono';
import type Stripe from 'stripe';
import {
  adminDiscountCreateSchema,
  adminDiscountUpdateSchema,
  type AdminDiscountAnswer,
  type AdminDiscountCreateRequest,
  type AdminDiscountsAnswer,
  type DiscountCode,
} from '../../contracts/index.ts';
import { NO_REVENUE, revenueByCode, type CodeRevenue } from '../back-office/discount-revenue.ts';
import { parseBody, type FunctionsDeps } from './context.ts';
import { functionError } from './errors.ts';
import type { WithPayments, WithStaff } from './guards.ts';
import { atProvider, idempotencyKey, providerIdParam } from './provider-objects.ts';

// Discount codes (docs/decisions/0050-discount-codes-and-sales-tax.md): a coupon and its one
// promotion code at the provider, no copy in the shop's database; staff only, behind
// requirePayments and requireStaff in app.ts.

const NOT_FOUND = 'discount_not_found';
const CURRENCY = 'usd';
/** The metadata key of the request that made a code. */
const REQUEST_KEY = 'keebshop_request';
/** The provider takes a coupon's redeem_by at most five years ahead. */
const MAX_EXPIRY_S = 5 * 365 * 24 * 3600;

/** The coupon behind a code: expanded by the list, else read (a provider that did not expand). */
async function couponOf(
  stripe: Stripe,
  code: Stripe.PromotionCode,
  read: Map<string, Promise<Stripe.Coupon>>,
): Promise<Stripe.Coupon | null> {
  const coupon = code.promotion.coupon;
  if (typeof coupon !== 'string') return coupon;
  if (!read.has(coupon)) read.set(coupon, stripe.coupons.retrieve(coupon));
  return read.get(coupon)!;
}

function discountOf(
  code: Stripe.PromotionCode,
  coupon: Stripe.Coupon | null,
  revenue: CodeRevenue,
): DiscountCode {
  return {
    id: code.id,
    code: code.code,
    active: code.active,
    percentOff: coupon?.percent_off ?? null,
    amountOffCents: coupon?.amount_off ?? null,
    currency: coupon?.currency ?? null,
    expiresAt: code.expires_at,
    maxRedemptions: code.max_redemptions ?? coupon?.max_redemptions ?? null,
    timesRedeemed: code.times_redeemed,
    firstTimeOnly: code.restrictions.first_time_transaction,
    minimumAmountCents: code.restrictions.minimum_amount,
    created: code.created,
    ...revenue,
  };
}

/** Every code, all pages, newest first as the provider lists them. */
async function allCodes(stripe: Stripe) {
  const codes: Stripe.PromotionCode[] = [];
  const list = stripe.promotionCodes.list({ limit: 100, expand: ['data.promotion.coupon'] });
  for await (const code of list) codes.push(code);
  const read = new Map<string, Promise<Stripe.Coupon>>();
  return Promise.all(
    codes.map(async (code) => ({ code, coupon: await couponOf(stripe, code, read) })),
  );
}

/** GET /functions/v1/admin-discounts: {discounts}, each with its orders and revenue. */
export function adminDiscountsHandler(deps: FunctionsDeps): Handler<WithPayments & WithStaff> {
  return async function adminDiscounts(c) {
    const stripe = c.get('payments').stripe;
    const [codes, revenue] = await Promise.all([
      atProvider(() => allCodes(stripe), NOT_FOUND),
      revenueByCode(deps.db),
    ]);
    const discounts = codes.map(({ code, coupon }) =>
      discountOf(code, coupon, revenue.get(code.code.toUpperCase()) ?? NO_REVENUE),
    );
    c.header('Cache-Control', 'no-store');
    return c.json({ discounts } satisfies AdminDiscountsAnswer);
  };
}

/** The expiry, if given, is ahead and within what the provider takes. */
function checkExpiry(expiresAt: number | undefined) {
  const now = Math.floor(Date.now() / 1000);
  if (expiresAt === undefined || (expiresAt > now && expiresAt <= now + MAX_EXPIRY_S)) return;
  throw functionError(
    'invalid_request',
    'expiresAt: must be in the future, at most 5 years ahead.',
  );
}

/**
 * The active code with this text, looked for first so a taken text leaves no coupon behind. The
 * provider compares codes without case and refuses a duplicate anyway (answered as a 409).
 */
async function activeCodeNamed(stripe: Stripe, code: string) {
  const found = await stripe.promotionCodes.list({ code, active: true, limit: 100 });
  return found.data.find((p) => p.active && p.code.toUpperCase() === code.toUpperCase());
}

/**
 * The coupon, then its code. `key` names the request: both calls replay on a retry, and the code
 * carries it so a retry that finds its own code answers it rather than calling it taken.
 */
async function createCode(stripe: Stripe, key: string, body: AdminDiscountCreateRequest) {
  const { code, percentOff, amountOffCents, expiresAt, maxRedemptions, minimumAmountCents } = body;
  const limits = {
    ...(maxRedemptions === undefined ? {} : { max_redemptions: maxRedemptions }),
    ...(expiresAt === undefined ? {} : { redeem_by: expiresAt }),
  };
  const coupon = await stripe.coupons.create(
    {
      ...(percentOff === undefined
        ? { amount_off: amountOffCents!, currency: CURRENCY }
        : { percent_off: percentOff }),
      duration: 'once',
      name: code,
      ...limits,
    },
    { idempotencyKey: `${key}-coupon` },
  );
  return stripe.promotionCodes.create(
    {
      promotion: { type: 'coupon', coupon: coupon.id },
      code,
      ...(maxRedemptions === undefined ? {} : { max_redemptions: maxRedemptions }),
      ...(expiresAt === undefined ? {} : { expires_at: expiresAt }),
      restrictions: {
        first_time_transaction: body.firstTimeOnly ?? false,
        ...(minimumAmountCents === undefined
          ? {}
          : { minimum_amount: minimumAmountCents, minimum_amount_currency: CURRENCY }),
      },
      metadata: { [REQUEST_KEY]: key },
      expand: ['promotion.coupon'],
    },
    { idempotencyKey: `${key}-code` },
  );
}

/**
 * POST /functions/v1/admin-discounts {code, percentOff | amountOffCents, expiresAt?,
 * maxRedemptions?, firstTimeOnly?, minimumAmountCents?, requestId?}: answers {discount}.
 */
export function adminDiscountCreateHandler(deps: FunctionsDeps): Handler<WithPayments & WithStaff> {
  return async function adminDiscountCreate(c) {
    const body = await parseBody(c, adminDiscountCreateSchema);
    checkExpiry(body.expiresAt);
    const stripe = c.get('payments').stripe;
    const staff = c.get('staff');
    const key = idempotencyKey('discount', staff.sub, body);
    const taken = await atProvider(() => activeCodeNamed(stripe, body.code), NOT_FOUND);
    if (taken && taken.metadata?.[REQUEST_KEY] !== key) {
      throw functionError(
        'code_taken',
        `An active code ${body.code} already exists. Pause it first, or choose another code.`,
      );
    }
    const code = taken ?? (await atProvider(() => createCode(stripe, key, body), NOT_FOUND));
    const coupon = await atProvider(() => couponOf(stripe, code, new Map()), NOT_FOUND);
    deps.logger.info({ code: code.code, id: code.id, staff: staff.sub }, 'discount: created');
    return c.json({ discount: discountOf(code, coupon, NO_REVENUE) } satisfies AdminDiscountAnswer);
  };
}

/** POST /functions/v1/admin-discounts/:id {active}: pauses or resumes; answers {discount}. */
export function adminDiscountUpdateHandler(deps: FunctionsDeps): Handler<WithPayments & WithStaff> {
  return async function adminDiscountUpdate(c) {
    const id = providerIdParam(c, NOT_FOUND);
    const { active } = await parseBody(c, adminDiscountUpdateSchema);
    const stripe = c.get('payments').stripe;
    const code = await atProvider(
      () => stripe.promotionCodes.update(id, { active, expand: ['promotion.coupon'] }),
      NOT_FOUND,
    );
    const [coupon, revenue] = await Promise.all([
      atProvider(() => couponOf(stripe, code, new Map()), NOT_FOUND),
      revenueByCode(deps.db, code.code),
    ]);
    const staff = c.get('staff').sub;
    deps.logger.info({ code: code.code, id, active, staff }, 'discount: changed');
    const discount = discountOf(code, coupon, revenue.get(code.code.toUpperCase()) ?? NO_REVENUE);
    return c.json({ discount } satisfies AdminDiscountAnswer);
  };
}
