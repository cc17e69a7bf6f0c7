// When a coupon or a promotion code can be used by anyone at all: Stripe's `valid` and `active`,
// and the first checks of discounts.ts's checkCode.
import type { SandboxStore } from './storage.ts';
import type { CouponRecord, ObjectKind, ObjectOfKind, PromotionCodeRecord } from './types.ts';

export type CodeRefusal = 'invalid' | 'expired' | 'used_up' | 'first_time_only' | 'minimum_amount';

/** Redemptions of the coupon by sessions other than `sessionId`. */
function othersOnCoupon(coupon: CouponRecord, sessionId: string | null): number {
  const own = sessionId !== null && (coupon.redeemedBy ?? []).includes(sessionId);
  return coupon.timesRedeemed - (own ? 1 : 0);
}

/**
 * Why the coupon cannot be redeemed now, or null: deleted, past redeem_by, or its
 * max_redemptions taken (by sessions other than `sessionId`). Stripe's `valid` is this === null.
 */
export function couponRefusal(
  coupon: CouponRecord,
  nowSeconds: number,
  sessionId: string | null = null,
): CodeRefusal | null {
  if (coupon.deleted) return 'invalid';
  if (coupon.redeemBy !== null && nowSeconds >= coupon.redeemBy) return 'expired';
  const max = coupon.maxRedemptions;
  if (max !== null && othersOnCoupon(coupon, sessionId) >= max) return 'used_up';
  return null;
}

/** Why the code itself (not its coupon) cannot be redeemed by anyone now, or null. */
export function codeRefusal(
  promo: PromotionCodeRecord,
  nowSeconds: number,
  sessionId: string | null = null,
): CodeRefusal | null {
  if (promo.expiresAt !== null && nowSeconds >= promo.expiresAt) return 'expired';
  const others = promo.redemptions.filter((r) => r.sessionId !== sessionId).length;
  if (promo.maxRedemptions !== null && others >= promo.maxRedemptions) return 'used_up';
  return promo.active ? null : 'invalid';
}

/** Stripe's `active` of a promotion code: set active, and usable by someone now. */
export function codeLive(
  promo: PromotionCodeRecord,
  coupon: CouponRecord | undefined,
  now: number,
) {
  return !!coupon && couponRefusal(coupon, now) === null && codeRefusal(promo, now) === null;
}

/** The object with this id if it is of this kind (a coupon id may name nothing else). */
export async function objectOfKind<K extends ObjectKind>(
  store: SandboxStore,
  id: string,
  kind: K,
): Promise<ObjectOfKind<K> | undefined> {
  const found = await store.getObject(id);
  return found?.kind === kind ? (found as ObjectOfKind<K>) : undefined;
}
