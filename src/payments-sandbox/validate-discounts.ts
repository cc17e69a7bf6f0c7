import { apiErrors, invalidRequest } from './errors.ts';
import {
  isRecord,
  optionalBoolean,
  optionalList,
  optionalString,
  rejectUnknown,
  type Form,
  type FormValue,
} from './form.ts';
import type { TaxBehavior } from './types.ts';

// The discount and tax parameters of a create request (reference §3.1, §3.5, §4.3, §4.4). Whether
// a named coupon or promotion code exists is the store's to say: session-discount.ts looks it up.

/** What `discounts[0]` names; at most one entry, as Stripe allows. */
export type DiscountRequest = { coupon: string } | { promotionCode: string };

export type DiscountParams = {
  /** The echo of allow_promotion_codes: null when not sent. */
  allowPromotionCodes: boolean | null;
  discount: DiscountRequest | null;
  automaticTax: boolean;
};

const TAX_BEHAVIORS: readonly TaxBehavior[] = ['exclusive', 'inclusive', 'unspecified'];
const TAX_CODE = /^txcd_\d{8}$/;

export function readTaxBehavior(
  value: FormValue | undefined,
  param: string,
): TaxBehavior | undefined {
  const text = optionalString(value, param);
  if (text === undefined) return undefined;
  if (!(TAX_BEHAVIORS as readonly string[]).includes(text)) {
    throw invalidRequest(`Invalid ${param}: must be one of ${TAX_BEHAVIORS.join(', ')}`, param);
  }
  return text as TaxBehavior;
}

export function readTaxCode(value: FormValue | undefined, param: string): string | null {
  const text = optionalString(value, param);
  if (text === undefined) return null;
  if (!TAX_CODE.test(text)) {
    throw invalidRequest(`No such tax code: '${text}'`, param, 'resource_missing');
  }
  return text;
}

export function readDiscountParams(form: Form): DiscountParams {
  const allowPromotionCodes =
    optionalBoolean(form.allow_promotion_codes, 'allow_promotion_codes') ?? null;
  const discount = readDiscounts(form.discounts);
  // Stripe refuses the pair even with allow_promotion_codes=false (reference §0.3).
  if (allowPromotionCodes !== null && discount !== null) {
    throw invalidRequest(
      'You may only specify one of these parameters: allow_promotion_codes, discounts.',
      'allow_promotion_codes',
    );
  }
  return { allowPromotionCodes, discount, automaticTax: readAutomaticTax(form.automatic_tax) };
}

function readDiscounts(value: FormValue | undefined): DiscountRequest | null {
  const list = optionalList(value, 'discounts') ?? [];
  if (list.length === 0) return null;
  if (list.length > 1) {
    throw invalidRequest(
      `You may only specify one discount; you passed ${list.length}.`,
      'discounts',
    );
  }
  const entry = list[0]!;
  const param = 'discounts[0]';
  if (!isRecord(entry)) throw invalidRequest(`Invalid object: ${param} must be an object.`, param);
  rejectUnknown(entry, ['coupon', 'promotion_code'], param);
  const coupon = optionalString(entry.coupon, `${param}[coupon]`);
  const promotionCode = optionalString(entry.promotion_code, `${param}[promotion_code]`);
  if (coupon !== undefined && promotionCode !== undefined) {
    throw invalidRequest(
      'You may only specify one of these parameters: coupon, promotion_code.',
      param,
    );
  }
  if (coupon !== undefined) return { coupon };
  if (promotionCode !== undefined) return { promotionCode };
  throw apiErrors.missing(`${param}[coupon]`);
}

function readAutomaticTax(value: FormValue | undefined): boolean {
  const param = 'automatic_tax';
  if (value === undefined || value === '') return false;
  if (!isRecord(value)) throw invalidRequest(`Invalid object: ${param} must be an object.`, param);
  rejectUnknown(value, ['enabled', 'liability'], param);
  const enabled = optionalBoolean(value.enabled, `${param}[enabled]`);
  if (enabled === undefined) throw apiErrors.missing(`${param}[enabled]`);
  const liability = value.liability;
  if (liability !== undefined && liability !== '') {
    const lp = `${param}[liability]`;
    if (!isRecord(liability)) throw invalidRequest(`Invalid object: ${lp} must be an object.`, lp);
    rejectUnknown(liability, ['type'], lp);
    // Connected accounts do not exist in the sandbox: the session's own account is liable.
    if (optionalString(liability.type, `${lp}[type]`) !== 'self') {
      throw invalidRequest(`The payments sandbox supports only ${lp}[type] 'self'.`, `${lp}[type]`);
    }
  }
  return enabled;
}
