// The new code form's fields as typed, and the request they make: every field checked here as the
// server checks it, so staff see each problem at its field before anything is sent.
import {
  MAX_DISCOUNT_CENTS,
  MAX_REDEMPTIONS,
  type AdminDiscountCreateRequest,
} from '../../../../contracts/functions/admin-discounts.ts';
import { dollarsToCents } from '../format.ts';
import { DISCOUNT_TEXT as T } from './texts.ts';

export interface DiscountDraft {
  code: string;
  kind: 'percent' | 'amount';
  percent: string;
  amount: string;
  /** YYYY-MM-DD from the date input; empty: no expiry. */
  expiry: string;
  limit: string;
  minimum: string;
  firstOnly: boolean;
}

export const EMPTY_DRAFT: DiscountDraft = {
  code: '',
  kind: 'percent',
  percent: '',
  amount: '',
  expiry: '',
  limit: '',
  minimum: '',
  firstOnly: false,
};

export type DraftField = 'code' | 'percent' | 'amount' | 'expiry' | 'limit' | 'minimum';
export type DraftErrors = Partial<Record<DraftField, string>>;

/** The provider takes an expiry at most five years ahead. */
const MAX_AHEAD_S = 5 * 365 * 24 * 3600;

const centsIn = (text: string) => {
  const cents = dollarsToCents(text);
  return cents !== null && cents >= 1 && cents <= MAX_DISCOUNT_CENTS ? cents : null;
};

/** The end of the chosen day in the browser's time zone, as Unix seconds; null if no such day. */
export function endOfDay(date: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const end = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59);
  return Number.isNaN(end.getTime()) ? null : Math.floor(end.getTime() / 1000);
}

/** The request the draft makes, or what is wrong with it, field by field. */
export function requestOf(
  draft: DiscountDraft,
  nowSeconds: number,
): { request: Omit<AdminDiscountCreateRequest, 'requestId'> } | { errors: DraftErrors } {
  const errors: DraftErrors = {};
  const code = draft.code.trim();
  if (!/^[A-Za-z0-9-]{3,40}$/.test(code)) errors.code = T.invalid.code;

  const percent = Number(draft.percent.trim());
  const percentOk =
    /^\d{1,3}(\.\d{1,2})?$/.test(draft.percent.trim()) && percent > 0 && percent <= 100;
  const amount = centsIn(draft.amount);
  if (draft.kind === 'percent' && !percentOk) errors.percent = T.invalid.percent;
  if (draft.kind === 'amount' && amount === null) errors.amount = T.invalid.amount;

  const expiresAt = draft.expiry ? endOfDay(draft.expiry) : null;
  if (
    draft.expiry &&
    (expiresAt === null || expiresAt <= nowSeconds || expiresAt > nowSeconds + MAX_AHEAD_S)
  ) {
    errors.expiry = T.invalid.expiry;
  }
  const limitText = draft.limit.trim();
  const limit = Number(limitText);
  if (limitText && !(/^\d+$/.test(limitText) && limit >= 1 && limit <= MAX_REDEMPTIONS)) {
    errors.limit = T.invalid.limit;
  }
  const minimum = draft.minimum.trim() ? centsIn(draft.minimum) : null;
  if (draft.minimum.trim() && minimum === null) errors.minimum = T.invalid.minimum;

  if (Object.keys(errors).length > 0) return { errors };
  return {
    request: {
      code: code.toUpperCase(),
      ...(draft.kind === 'percent' ? { percentOff: percent } : { amountOffCents: amount! }),
      ...(expiresAt === null ? {} : { expiresAt }),
      ...(limitText ? { maxRedemptions: limit } : {}),
      ...(minimum === null ? {} : { minimumAmountCents: minimum }),
      firstTimeOnly: draft.firstOnly,
    },
  };
}
