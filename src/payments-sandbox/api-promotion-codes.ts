import type { Hono } from 'hono';
import {
  checkExpand,
  listPage,
  mergeMetadata,
  optionalBoolean,
  queryOf,
  updateObject,
} from './api-objects.ts';
import type { Idempotent } from './api-payments.ts';
import { codeLive, codeRefusal, couponRefusal, objectOfKind } from './discount-rules.ts';
import { apiErrors, invalidRequest } from './errors.ts';
import { optionalString, parseForm, rejectUnknown } from './form.ts';
import { randomAlnum } from './ids.ts';
import { renderPromotionCode } from './render-discounts.ts';
import type { SandboxState } from './state.ts';
import type { SandboxStore } from './storage.ts';
import type { PromotionCodeRecord } from './types.ts';
import { readPromotionCode } from './validate-promotion-code.ts';

type Env = { Variables: { requestId: string } };

const EXPAND_ONE = ['promotion.coupon'];
const EXPAND_LIST = ['data.promotion.coupon'];

const notFound = (id: string) => apiErrors.noSuch('promotion code', id, 'promotion_code');
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
    await updateObject(
      store,
      'promotion_code',
      promo.id,
      () => notFound(promo.id),
      (p) => ({
        ...p,
        active: false,
      }),
    );
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
  api: Hono<Env>,
  state: SandboxState,
  idempotent: Idempotent,
) {
  const { store } = state;
  const render = async (promo: PromotionCodeRecord, expand: string[]) => {
    const coupon = await objectOfKind(store, promo.couponId, 'coupon');
    const now = state.nowSeconds();
    return renderPromotionCode(promo, coupon, now, expand.length > 0);
  };

  api.post('/promotion_codes', async (c) => {
    const raw = await c.req.text();
    return idempotent(c, raw, async () => {
      const form = parseForm(raw);
      const expand = checkExpand(form.expand, EXPAND_ONE);
      const now = state.nowSeconds();
      const { record, generated } = await readPromotionCode(store, form, now);
      return render(await insertCode(store, record, generated, now), expand);
    });
  });

  api.get('/promotion_codes', async (c) => {
    const query = queryOf(c);
    rejectUnknown(query, ['code', 'active', 'coupon', 'limit', 'starting_after', 'expand']);
    const expand = checkExpand(query.expand, EXPAND_LIST);
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
    const page = listPage(codes, query, '/v1/promotion_codes', 'promotion code', (p) =>
      renderPromotionCode(p, coupons.get(p.couponId), now, expand.length > 0),
    );
    return c.json(page);
  });

  api.get('/promotion_codes/:id', async (c) => {
    const query = queryOf(c);
    rejectUnknown(query, ['expand']);
    const expand = checkExpand(query.expand, EXPAND_ONE);
    const id = c.req.param('id');
    const promo = await objectOfKind(store, id, 'promotion_code');
    if (!promo) throw notFound(id);
    return c.json(await render(promo, expand));
  });

  api.post('/promotion_codes/:id', async (c) => {
    const raw = await c.req.text();
    const id = c.req.param('id');
    return idempotent(c, raw, async () => {
      const form = parseForm(raw);
      rejectUnknown(form, ['active', 'metadata', 'expand']);
      const expand = checkExpand(form.expand, EXPAND_ONE);
      const active = optionalBoolean(form.active, 'active');
      const now = state.nowSeconds();
      const updated = await updateObject(
        store,
        'promotion_code',
        id,
        () => notFound(id),
        async (promo) => {
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
        },
        (next) => duplicate(next.code),
      );
      return render(updated, expand);
    });
  });
}
