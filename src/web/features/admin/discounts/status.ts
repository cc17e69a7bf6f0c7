// What staff read of a code: its status and its discount in words. The provider turns a code
// inactive for good once it expires or is used up; paused is the one state staff can undo.
import type { DiscountCode } from '../../../../contracts/functions/admin-discounts.ts';
import { formatPrice } from '../format.ts';
import { DISCOUNT_TEXT as T } from './texts.ts';

export type DiscountStatus = 'active' | 'paused' | 'expired' | 'usedUp';

export function discountStatus(code: DiscountCode, nowSeconds: number): DiscountStatus {
  if (code.expiresAt !== null && code.expiresAt <= nowSeconds) return 'expired';
  if (code.maxRedemptions !== null && code.timesRedeemed >= code.maxRedemptions) return 'usedUp';
  return code.active ? 'active' : 'paused';
}

/** "20% off", "$5.00 off". */
export function discountText(code: DiscountCode): string {
  if (code.percentOff !== null) return T.percentOff(code.percentOff);
  return T.amountOff(formatPrice(code.amountOffCents ?? 0));
}

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** The expiry as a day ("Dec 31, 2026"), or "Never". */
export function expiryText(expiresAt: number | null): string {
  return expiresAt === null ? T.never : day.format(new Date(expiresAt * 1000));
}
