import { couponRefusal, objectOfKind } from './discount-rules.ts';
import { apiErrors, invalidRequest } from './errors.ts';
import {
  isRecord,
  optionalBoolean,
  optionalInteger,
  optionalString,
  readMetadata,
  rejectUnknown,
  type Form,
} from './form.ts';
import { randomAlnum } from './ids.ts';
import type { SandboxStore } from './storage.ts';
import type { PromotionCodeRecord } from './types.ts';

const CREATE = [
  'promotion',
  'code',
  'active',
  'expires_at',
  'max_redemptions',
  'restrictions',
  'metadata',
  'expand',
];
// Letters, digits and dashes (reference §0.6); at most 500 characters.
const CODE = /^[A-Za-z0-9-]{1,500}$/;

function readObject(form: Form, param: string) {
  const value = form[param];
  if (value === undefined || value === '') return undefined;
  if (!isRecord(value)) throw invalidRequest(`Invalid object: ${param} must be a hash.`, param);
  return value;
}

/**
 * A promotion code of POST /v1/promotion_codes (reference §2.1) for an existing, valid coupon,
 * within the coupon's limits; `generated` when the request left its text to the sandbox.
 */
export async function readPromotionCode(
  store: SandboxStore,
  form: Form,
  now: number,
): Promise<{ record: PromotionCodeRecord; generated: boolean }> {
  // A top-level `coupon` is refused as unknown, as Stripe has since 2025-09-30 (reference §0.1).
  rejectUnknown(form, CREATE);
  const promotion = readObject(form, 'promotion');
  if (!promotion) throw apiErrors.missing('promotion');
  rejectUnknown(promotion, ['type', 'coupon'], 'promotion');
  const type = optionalString(promotion.type, 'promotion[type]');
  if (type === undefined) throw apiErrors.missing('promotion[type]');
  if (type !== 'coupon') {
    throw invalidRequest('Invalid promotion[type]: must be one of coupon', 'promotion[type]');
  }
  const couponId = optionalString(promotion.coupon, 'promotion[coupon]');
  if (couponId === undefined) throw apiErrors.missing('promotion[coupon]');
  const coupon = await objectOfKind(store, couponId, 'coupon');
  if (!coupon || coupon.deleted) {
    throw invalidRequest(`No such coupon: '${couponId}'`, 'promotion[coupon]', 'resource_missing');
  }
  if (couponRefusal(coupon, now) !== null) {
    throw invalidRequest(
      `Coupon ${couponId} is no longer valid (expired or used the maximum number of times): it cannot get a new promotion code.`,
      'promotion[coupon]',
    );
  }

  const given = optionalString(form.code, 'code');
  if (given !== undefined && !CODE.test(given)) {
    throw invalidRequest(
      'Invalid code: it can have letters, digits and dashes only, up to 500 characters.',
      'code',
    );
  }
  // Stripe copies the coupon's redeem_by when no expires_at is given (reference §2.1).
  const expiresAt = optionalInteger(form.expires_at, 'expires_at') ?? coupon.redeemBy;
  if (expiresAt !== null && expiresAt <= now) {
    throw invalidRequest('Invalid expires_at: must be in the future.', 'expires_at');
  }
  if (expiresAt !== null && coupon.redeemBy !== null && expiresAt > coupon.redeemBy) {
    throw invalidRequest(
      "The promotion code's `expires_at` may not be after the coupon's `redeem_by`.",
      'expires_at',
    );
  }
  const maxRedemptions = optionalInteger(form.max_redemptions, 'max_redemptions') ?? null;
  if (maxRedemptions !== null && maxRedemptions < 1) {
    throw invalidRequest('Invalid max_redemptions: must be a positive integer.', 'max_redemptions');
  }
  if (
    maxRedemptions !== null &&
    coupon.maxRedemptions !== null &&
    maxRedemptions > coupon.maxRedemptions
  ) {
    throw invalidRequest(
      "The promotion code's `max_redemptions` may not be greater than the coupon's `max_redemptions`.",
      'max_redemptions',
    );
  }

  const restrictions = readObject(form, 'restrictions') ?? {};
  const rp = (key: string) => `restrictions[${key}]`;
  rejectUnknown(
    restrictions,
    ['first_time_transaction', 'minimum_amount', 'minimum_amount_currency'],
    'restrictions',
  );
  const minimumAmount = optionalInteger(restrictions.minimum_amount, rp('minimum_amount')) ?? null;
  const currency =
    optionalString(
      restrictions.minimum_amount_currency,
      rp('minimum_amount_currency'),
    )?.toLowerCase() ?? null;
  if (minimumAmount !== null && minimumAmount < 1) {
    throw invalidRequest(
      'Invalid minimum_amount: must be a positive integer.',
      rp('minimum_amount'),
    );
  }
  if ((minimumAmount === null) !== (currency === null)) {
    throw invalidRequest(
      'restrictions[minimum_amount] and restrictions[minimum_amount_currency] go together: pass both or neither.',
      rp(minimumAmount === null ? 'minimum_amount' : 'minimum_amount_currency'),
    );
  }
  if (currency !== null && currency !== 'usd') {
    throw invalidRequest(
      'The payments sandbox supports only currency `usd`.',
      rp('minimum_amount_currency'),
    );
  }

  const record: PromotionCodeRecord = {
    id: `promo_${randomAlnum(24)}`,
    kind: 'promotion_code',
    created: now,
    revision: 0,
    code: given ?? randomAlnum(8).toUpperCase(),
    couponId,
    active: optionalBoolean(form.active, 'active') ?? true,
    expiresAt,
    maxRedemptions,
    firstTimeTransaction:
      optionalBoolean(restrictions.first_time_transaction, rp('first_time_transaction')) ?? false,
    minimumAmount,
    minimumAmountCurrency: currency,
    metadata: readMetadata(form.metadata, 'metadata'),
    redemptions: [],
  };
  return { record, generated: given === undefined };
}
