// The rules of a discount code (docs/decisions/0050-discount-codes-and-sales-tax.md): when a code
// can be used, and its redemption at payment by compare-and-set on the coupon and the code.
import { formatUsd } from './messages.ts';
import type { SandboxStore } from './storage.ts';
import type { AppliedDiscount, CouponRecord, ObjectOfKind, PromotionCodeRecord } from './types.ts';
import { codeRefusal, couponRefusal, objectOfKind, type CodeRefusal } from './discount-rules.ts';

export type { CodeRefusal };

export type CheckContext = {
  nowSeconds: number;
  subtotal: number;
  sessionId: string;
  email: string | null;
  /** Whether the email has a completed payment other than this session's. */
  priorPayment: boolean;
};

/** The hosted page's text for a refused code. */
export function refusalMessage(refusal: CodeRefusal, minimumAmount?: number | null): string {
  switch (refusal) {
    case 'invalid':
      return 'This code is invalid.';
    case 'expired':
      return 'This code has expired.';
    case 'used_up':
      return 'This code has been used the maximum number of times.';
    case 'first_time_only':
      return 'This code is only for a first order.';
    case 'minimum_amount':
      return `This code needs an order of at least ${formatUsd(minimumAmount ?? 0)}.`;
  }
}

const sameEmail = (a: string | null, b: string | null) =>
  a !== null && b !== null && a.toLowerCase() === b.toLowerCase();

/** The active code a shopper typed, case-insensitively, with its coupon. */
export async function findCode(
  store: SandboxStore,
  text: string,
): Promise<{ promo: PromotionCodeRecord; coupon: CouponRecord } | undefined> {
  const wanted = text.trim().toLowerCase();
  const codes = await store.listObjects('promotion_code');
  const promo = codes.find((p) => p.active && p.code.toLowerCase() === wanted);
  const coupon = promo && (await store.getObject(promo.couponId));
  return promo && coupon?.kind === 'coupon' ? { promo, coupon } : undefined;
}

/**
 * Why this session cannot use the code (or, without one, the coupon), or null. The session's own
 * redemption does not count against it, so the check also holds for a payment being retried.
 */
export function checkCode(
  promo: PromotionCodeRecord | null,
  coupon: CouponRecord,
  ctx: CheckContext,
): CodeRefusal | null {
  const now = ctx.nowSeconds;
  const refusal = couponRefusal(coupon, now, ctx.sessionId);
  if (refusal !== null || promo === null) return refusal;
  if (promo.couponId !== coupon.id) return 'invalid';
  const codeRefused = codeRefusal(promo, now, ctx.sessionId);
  if (codeRefused !== null) return codeRefused;
  // The customer is the session's email (ADR 0050). Without one yet, the rule is checked again
  // once it is known, at payment; a session paid without any email is not refused by it.
  if (promo.firstTimeTransaction) {
    const usedBefore = promo.redemptions.some(
      (r) => r.sessionId !== ctx.sessionId && sameEmail(r.email, ctx.email),
    );
    if (ctx.priorPayment || usedBefore) return 'first_time_only';
  }
  if (promo.minimumAmount !== null && ctx.subtotal < promo.minimumAmount) return 'minimum_amount';
  return null;
}

export function appliedDiscount(
  promo: PromotionCodeRecord | null,
  coupon: CouponRecord,
): AppliedDiscount {
  return {
    promotionCodeId: promo?.id ?? null,
    couponId: coupon.id,
    code: promo?.code ?? null,
    name: coupon.name,
    percentOff: coupon.percentOff,
    amountOff: coupon.amountOff,
  };
}

// Every lost compare-and-set means another request changed the object, which each does a few
// times at most; a loop this long is a bug, not contention.
const MAX_ATTEMPTS = 1000;

/**
 * Changes the object by compare-and-set until `next` settles: `next` returns the new version
 * (written only if nothing changed meanwhile, else `next` runs again on the newer one), a refusal,
 * or null for nothing to change. A missing object is 'invalid'.
 */
async function reviseUntilSettled<K extends 'coupon' | 'promotion_code'>(
  store: SandboxStore,
  id: string,
  kind: K,
  next: (current: ObjectOfKind<K>) => Promise<ObjectOfKind<K> | CodeRefusal | null>,
): Promise<CodeRefusal | null> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const current = await objectOfKind(store, id, kind);
    if (!current) return 'invalid';
    const result = await next(current);
    if (result === null || typeof result === 'string') return result;
    if (await store.reviseObject(result, current.revision)) return null;
  }
  throw new Error(`payments sandbox: ${kind} ${id} kept changing during a redemption`);
}

type RedeemContext = {
  sessionId: string;
  email: string | null;
  subtotal: number;
  nowSeconds: number;
};

/**
 * At payment: records the redemption on the promotion code (and coupon.timesRedeemed) by
 * compare-and-set, retrying on a lost race; idempotent per sessionId (a retry after a crash finds
 * its own redemption and succeeds without counting again). Re-checks every rule including
 * first-time (store.hasCompletedPayment + another session's redemption of the same code by the
 * same email) and max_redemptions at the moment of the CAS. The coupon is counted first, so its
 * max_redemptions (over all its codes) is never exceeded; if the code then refuses, the coupon's
 * count is given back.
 */
export async function redeem(
  store: SandboxStore,
  discount: AppliedDiscount,
  ctx: RedeemContext,
): Promise<{ ok: true } | { ok: false; refusal: CodeRefusal }> {
  const promoId = discount.promotionCodeId;
  const check = async (promo: PromotionCodeRecord | null, coupon: CouponRecord) => {
    const asks = promo?.firstTimeTransaction === true && ctx.email !== null;
    const priorPayment = asks && (await store.hasCompletedPayment(ctx.email!, ctx.sessionId));
    return checkCode(promo, coupon, { ...ctx, priorPayment });
  };
  const onCoupon = await reviseUntilSettled(store, discount.couponId, 'coupon', async (coupon) => {
    if (coupon.redeemedBy?.includes(ctx.sessionId)) return null;
    const promo = promoId === null ? null : await objectOfKind(store, promoId, 'promotion_code');
    if (promo === undefined) return 'invalid';
    return (
      (await check(promo, coupon)) ?? {
        ...coupon,
        revision: coupon.revision + 1,
        timesRedeemed: coupon.timesRedeemed + 1,
        redeemedBy: [...(coupon.redeemedBy ?? []), ctx.sessionId],
      }
    );
  });
  if (onCoupon !== null) return { ok: false, refusal: onCoupon };
  if (promoId === null) return { ok: true };
  const onCode = await reviseUntilSettled(store, promoId, 'promotion_code', async (promo) => {
    if (promo.redemptions.some((r) => r.sessionId === ctx.sessionId)) return null;
    const coupon = await objectOfKind(store, discount.couponId, 'coupon');
    if (!coupon) return 'invalid';
    return (
      (await check(promo, coupon)) ?? {
        ...promo,
        revision: promo.revision + 1,
        redemptions: [...promo.redemptions, { sessionId: ctx.sessionId, email: ctx.email }],
      }
    );
  });
  if (onCode === null) return { ok: true };
  await releaseCoupon(store, discount.couponId, ctx.sessionId);
  return { ok: false, refusal: onCode };
}

/**
 * When a session expires unpaid (or will not be paid with this redemption after all): removes its
 * redemption if any (idempotent), from the code first, then from the coupon.
 */
export async function release(
  store: SandboxStore,
  discount: AppliedDiscount,
  sessionId: string,
): Promise<void> {
  if (discount.promotionCodeId !== null) {
    await reviseUntilSettled(store, discount.promotionCodeId, 'promotion_code', async (promo) =>
      promo.redemptions.some((r) => r.sessionId === sessionId)
        ? {
            ...promo,
            revision: promo.revision + 1,
            redemptions: promo.redemptions.filter((r) => r.sessionId !== sessionId),
          }
        : null,
    );
  }
  await releaseCoupon(store, discount.couponId, sessionId);
}

async function releaseCoupon(store: SandboxStore, couponId: string, sessionId: string) {
  await reviseUntilSettled(store, couponId, 'coupon', async (coupon) =>
    coupon.redeemedBy?.includes(sessionId)
      ? {
          ...coupon,
          revision: coupon.revision + 1,
          timesRedeemed: Math.max(0, coupon.timesRedeemed - 1),
          redeemedBy: coupon.redeemedBy.filter((id) => id !== sessionId),
        }
      : null,
  );
}
