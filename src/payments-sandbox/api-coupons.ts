import type { Hono } from 'hono';
import {
  addObjectRoutes,
  checkExpand,
  mergeMetadata,
  optionalDecimal,
  optionalText,
  updateObject,
  type ApiEnv,
} from './api-objects.ts';
import type { Idempotent } from './api-payments.ts';
import { invalidRequest } from './errors.ts';
import { optionalInteger, optionalString, readMetadata, rejectUnknown, type Form } from './form.ts';
import { randomAlnum } from './ids.ts';
import { renderCoupon, renderDeletedCoupon } from './render-discounts.ts';
import type { SandboxState } from './state.ts';
import type { CouponRecord } from './types.ts';

const FIVE_YEARS_S = 5 * 365 * 24 * 3600;
const ID = /^[A-Za-z0-9_-]{1,200}$/;
const CREATE = [
  'id',
  'name',
  'percent_off',
  'amount_off',
  'currency',
  'duration',
  'max_redemptions',
  'redeem_by',
  'metadata',
  'expand',
];

/** A coupon of POST /v1/coupons (reference §1.1): percent or amount off, duration once. */
function readCoupon(form: Form, now: number): CouponRecord {
  rejectUnknown(form, CREATE);
  checkExpand(form.expand, []);
  const id = optionalString(form.id, 'id') ?? randomAlnum(8);
  if (!ID.test(id)) {
    throw invalidRequest(
      'Invalid id: a coupon id has 1 to 200 letters, digits, dashes or underscores.',
      'id',
    );
  }
  const duration = optionalString(form.duration, 'duration') ?? 'once';
  if (duration !== 'once') {
    // Other durations only matter to subscriptions, which the sandbox does not have.
    throw invalidRequest('The payments sandbox supports only duration `once`.', 'duration');
  }
  const percentOff = optionalDecimal(form.percent_off, 'percent_off') ?? null;
  const amountOff = optionalInteger(form.amount_off, 'amount_off') ?? null;
  if (percentOff !== null && amountOff !== null) {
    throw invalidRequest(
      'You may only specify one of these parameters: amount_off, percent_off.',
      'amount_off',
    );
  }
  if (percentOff === null && amountOff === null) {
    throw invalidRequest('You must specify either `percent_off` or `amount_off`.', 'percent_off');
  }
  if (percentOff !== null && !(percentOff > 0 && percentOff <= 100)) {
    throw invalidRequest(
      'Invalid percent_off: must be greater than 0 and at most 100.',
      'percent_off',
    );
  }
  let currency: string | null = null;
  if (amountOff !== null) {
    if (amountOff < 1) {
      throw invalidRequest('Invalid amount_off: must be a positive integer.', 'amount_off');
    }
    currency = optionalString(form.currency, 'currency')?.toLowerCase() ?? null;
    if (currency === null) {
      throw invalidRequest('You must specify a `currency` with `amount_off`.', 'currency');
    }
    if (currency !== 'usd') {
      throw invalidRequest('The payments sandbox supports only currency `usd`.', 'currency');
    }
  }
  const maxRedemptions = optionalInteger(form.max_redemptions, 'max_redemptions') ?? null;
  if (maxRedemptions !== null && maxRedemptions < 1) {
    throw invalidRequest('Invalid max_redemptions: must be a positive integer.', 'max_redemptions');
  }
  const redeemBy = optionalInteger(form.redeem_by, 'redeem_by') ?? null;
  if (redeemBy !== null && (redeemBy <= now || redeemBy > now + FIVE_YEARS_S)) {
    throw invalidRequest(
      'Invalid redeem_by: must be in the future and at most 5 years from now.',
      'redeem_by',
    );
  }
  return {
    id,
    kind: 'coupon',
    created: now,
    revision: 0,
    name: optionalText(form.name, 'name', 40),
    percentOff,
    amountOff,
    currency,
    duration: 'once',
    maxRedemptions,
    redeemBy,
    metadata: readMetadata(form.metadata, 'metadata'),
    timesRedeemed: 0,
    redeemedBy: [],
  };
}

/** Coupons under /v1 (reference §1): create, retrieve, update (name, metadata), delete, list. */
export function addCouponRoutes(api: Hono<ApiEnv>, state: SandboxState, idempotent: Idempotent) {
  const { store } = state;

  addObjectRoutes(api, store, idempotent, {
    kind: 'coupon',
    render: (coupon) => renderCoupon(coupon, state.nowSeconds()),
    create: async (form) => {
      const coupon = readCoupon(form, state.nowSeconds());
      if (!(await store.insertObject(coupon))) {
        throw invalidRequest('Coupon already exists.', 'id', 'resource_already_exists');
      }
      return coupon;
    },
    list: {
      filters: [],
      select: async () => {
        const now = state.nowSeconds();
        return {
          items: (await store.listObjects('coupon')).filter((coupon) => !coupon.deleted),
          render: (coupon) => renderCoupon(coupon, now),
        };
      },
    },
    update: {
      // Stripe lets nothing else change: the terms of a coupon are fixed once made.
      params: ['name', 'metadata'],
      change: (form) => (coupon) => ({
        ...coupon,
        name: form.name === undefined ? coupon.name : optionalText(form.name, 'name', 40),
        metadata: mergeMetadata(coupon.metadata, form.metadata),
      }),
    },
  });

  // The coupon is kept, marked deleted: codes and sessions that name it still read its terms.
  api.delete('/coupons/:id', async (c) => {
    const id = c.req.param('id');
    return idempotent(c, '', async () => {
      await updateObject(store, 'coupon', id, (coupon) => ({ ...coupon, deleted: true }));
      return renderDeletedCoupon(id);
    });
  });
}
