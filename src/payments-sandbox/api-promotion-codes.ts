import type { Hono } from 'hono';
import {
  addObjectRoutes,
  checkExpand,
  mergeMetadata,
  updateObject,
  type ApiEnv,
} from './api-objects.ts';
import type { Idempotent } from './api-payments.ts';
import { codeLive, codeRefusal, couponRefusal, objectOfKind } from './discount-rules.ts';
import { invalidRequest } from './errors.ts';
import { optionalBoolean, optionalString } from './form.ts';
import { randomAlnum } from './ids.ts';
import { renderPromotionCode } from './render-discounts.ts';
import type { SandboxState } from './state.ts';
import type { SandboxStore } from './storage.ts';
import type { PromotionCodeRecord } from './types.ts';
import { readPromotionCode } from './validate-promotion-code.ts';

const EXPANDABLE = ['promotion.coupon'];

const duplicate = (code: string) =>
  invalidRequest(
    `An active promotion code with \`code: ${code}\` already exists.`,
    'code',
    'resource_already_exists',
  );

const REACTIVATION: Record<string, string> = {
  invalid: 'its coupon is no longer valid',
  expired: 'it has expired',
  used_up: 'it has been used the maximum number of times',
};

/**
 * The live code other than `exceptId` whose text is `code`, if any. A code still set active but
 * no longer usable (expired, used up, its coupon invalid) is set inactive on the way, as Stripe
 * shows it, so that it no longer holds its text (the store keeps one active code per text).
 */
async function liveCodeNamed(store: SandboxStore, code: string, now: number, exceptId = '') {
  const wanted = code.toLowerCase();
  for (const promo of await store.listObjects('promotion_code')) {
    if (!promo.active || promo.id === exceptId || promo.code.toLowerCase() !== wanted) continue;
    if (codeLive(promo, await objectOfKind(store, promo.couponId, 'coupon'), now)) return promo;
    await updateObject(store, 'promotion_code', promo.id, (p) => ({ ...p, active: false }));
  }
  return undefined;
}

/** Stores a new code; a generated text that is taken is drawn again, a given one refused. */
async function insertCode(
  store: SandboxStore,
  record: PromotionCodeRecord,
  generated: boolean,
  now: number,
): Promise<PromotionCodeRecord> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    if (record.active && (await liveCodeNamed(store, record.code, now))) {
      if (!generated) throw duplicate(record.code);
      record = { ...record, code: randomAlnum(8).toUpperCase() };
      continue;
    }
    if (await store.insertObject(record)) return record;
    // Another request stored this text (the next turn says so) or, vanishingly rarely, this id.
    record = { ...record, id: `promo_${randomAlnum(24)}` };
  }
  throw new Error('payments sandbox: no promotion code could be stored');
}

/** Promotion codes under /v1 (reference §2): create, retrieve, update (active, metadata), list. */
export function addPromotionCodeRoutes(
  api: Hono<ApiEnv>,
  state: SandboxState,
  idempotent: Idempotent,
) {
  const { store } = state;

  addObjectRoutes(api, store, idempotent, {
    kind: 'promotion_code',
    expandable: EXPANDABLE,
    render: async (promo, expand) => {
      const coupon = await objectOfKind(store, promo.couponId, 'coupon');
      const now = state.nowSeconds();
      return renderPromotionCode(promo, coupon, now, expand.length > 0);
    },
    create: async (form) => {
      // Before the parameters: a create with both errors is answered with the expansion's.
      checkExpand(form.expand, EXPANDABLE);
      const now = state.nowSeconds();
      const { record, generated } = await readPromotionCode(store, form, now);
      return insertCode(store, record, generated, now);
    },
    list: {
      filters: ['code', 'active', 'coupon'],
      select: async (query, expand) => {
        const code = optionalString(query.code, 'code')?.toLowerCase();
        const active = optionalBoolean(query.active, 'active');
        const couponId = optionalString(query.coupon, 'coupon');
        const now = state.nowSeconds();
        const coupons = new Map((await store.listObjects('coupon')).map((k) => [k.id, k]));
        const codes = (await store.listObjects('promotion_code')).filter(
          (p) =>
            (code === undefined || p.code.toLowerCase() === code) &&
            (couponId === undefined || p.couponId === couponId) &&
            (active === undefined || codeLive(p, coupons.get(p.couponId), now) === active),
        );
        return {
          items: codes,
          render: (p) => renderPromotionCode(p, coupons.get(p.couponId), now, expand.length > 0),
        };
      },
    },
    update: {
      params: ['active', 'metadata'],
      change: (form) => {
        const active = optionalBoolean(form.active, 'active');
        const now = state.nowSeconds();
        return async (promo) => {
          const next = { ...promo, metadata: mergeMetadata(promo.metadata, form.metadata) };
          if (active !== true) return { ...next, active: active ?? promo.active };
          // Reactivation only while the code could be redeemed (reference §2.2).
          const coupon = await objectOfKind(store, promo.couponId, 'coupon');
          const refusal =
            (coupon ? couponRefusal(coupon, now) : 'invalid') ??
            codeRefusal({ ...promo, active: true }, now);
          if (refusal !== null) {
            throw invalidRequest(
              `This promotion code cannot be reactivated because ${REACTIVATION[refusal]}.`,
              'active',
            );
          }
          if (await liveCodeNamed(store, promo.code, now, promo.id)) throw duplicate(promo.code);
          return { ...next, active: true };
        };
      },
      conflict: (next) => duplicate(next.code),
    },
  });
}
