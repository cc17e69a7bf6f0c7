// The catalogue in the database (docs/decisions/0045-catalogue-in-the-database.md): who may read
// which products and variants, who may change them, and the audit log of staff changes. Driven
// through the real /rest/v1 with the official postgrest-js, plus direct SQL for the checks.
import type { PostgrestClient } from '@supabase/postgrest-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueRowSchema, saveInputOf } from '../../../catalogue/rows.ts';
import {
  databaseTargets,
  signUpStaff,
  startTestServer,
  type Shopper,
  type TestDatabase,
  type TestServer,
} from '../../test-support/index.ts';

// A product being prepared, written as the database's owner before the tests start.
const DRAFT = { key: 'keyboards:900', name: 'Draft Board', color: 'Black' };

async function addDraft(db: TestDatabase) {
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO public.products (category, id, url_key, name, price_cents, selected_color,
         connectivity, drawing, status, position)
       VALUES ('keyboards', 900, 'draft-board', $1, 9900, $2, 'Wired', 'full', 'draft', 99)`,
      [DRAFT.name, DRAFT.color],
    );
    await tx.query(
      `INSERT INTO public.product_variants (product_key, color, sku) VALUES ($1, $2, 'KB-900-BLACK')`,
      [DRAFT.key, DRAFT.color],
    );
  });
}

describe.each(databaseTargets())('products and variants via /rest/v1 on $name', (target) => {
  let db: TestDatabase;
  let server: TestServer;
  let anon: PostgrestClient;
  let shopper: Shopper;
  let staff: Shopper & { token: string };
  let staffRest: PostgrestClient;

  beforeAll(async () => {
    db = await target.open();
    server = await startTestServer({ db });
    anon = server.restClient();
    shopper = await server.signUp('shopper');
    staff = await signUpStaff(server);
    staffRest = server.restClient(staff.token);
    await addDraft(db);
  });
  afterAll(async () => {
    await server?.close();
    await db?.close();
  });

  /** Both tables as the owner sees them: what a refused write must leave unchanged. */
  async function snapshot() {
    const products = await db.query('SELECT * FROM public.products ORDER BY key');
    const variants = await db.query('SELECT * FROM public.product_variants ORDER BY sku');
    return { products: products.rows, variants: variants.rows };
  }

  const keysOf = async (rest: PostgrestClient) => {
    const { data, error } = await rest.from('catalogue_products').select('key,status');
    expect(error).toBeNull();
    return (data ?? []) as { key: string; status: string }[];
  };

  it('anyone reads the published products and their variants, never a draft', async () => {
    for (const rest of [anon, server.restClient(shopper.accessToken)]) {
      const rows = await keysOf(rest);
      expect(rows).toHaveLength(54);
      expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['published']));
      const draft = await rest.from('products').select('*').eq('key', DRAFT.key);
      expect(draft).toMatchObject({ status: 200, data: [] });
      const variants = await rest
        .from('product_variants')
        .select('sku')
        .eq('product_key', DRAFT.key);
      expect(variants).toMatchObject({ status: 200, data: [] });
      const blue = await rest
        .from('product_variants')
        .select('sku')
        .eq('product_key', 'switches:205');
      expect(blue.data).toEqual([{ sku: 'SW-205-BLUE' }]);
    }
  });

  it('anon and shoppers add, change and delete nothing, whatever they send', async () => {
    const before = await snapshot();
    const forged = {
      category: 'keyboards',
      id: 901,
      url_key: 'forged-board',
      name: 'Forged Board',
      price_cents: 1,
      selected_color: 'Black',
      connectivity: 'Wired',
      drawing: 'full',
      status: 'published',
    };
    for (const [token, refused] of [
      [shopper.accessToken, 403],
      [undefined, 401],
    ] as const) {
      const rest = server.restClient(token);
      const writes = [
        await rest.from('products').insert(forged),
        await rest.from('products').insert({ ...forged, status: 'draft' }),
        await rest
          .from('product_variants')
          .insert({ product_key: 'keyboards:1', color: 'Gold', sku: 'KB-1-GOLD' }),
        await rest.from('products').delete().eq('key', 'keyboards:1'),
      ];
      for (const res of writes) {
        expect(res.status).toBe(refused);
        expect(res.error?.code).toBe('42501');
      }
      // Updates and variant deletes pass the grant for shoppers and reach no row (the policies
      // leave staff's rows out); anon has no grant at all.
      const changes = [
        await rest.from('products').update({ price_cents: 1 }).eq('key', 'keyboards:1').select(),
        await rest.from('products').update({ status: 'published' }).eq('key', DRAFT.key).select(),
        await rest.from('product_variants').update({ sku: 'X-1' }).gte('position', 0).select(),
        await rest.from('product_variants').delete().eq('product_key', 'keyboards:1').select(),
      ];
      for (const res of changes) {
        if (token) expect(res).toMatchObject({ status: 200, data: [] });
        else expect(res).toMatchObject({ status: 401, error: { code: '42501' } });
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('staff see drafts, change a price, add a colour and archive a product, each change logged', async () => {
    const seen = await keysOf(staffRest);
    expect(seen).toContainEqual({ key: DRAFT.key, status: 'draft' });
    expect(seen).toHaveLength(55);

    const priced = await staffRest
      .from('products')
      .update({ price_cents: 12500 })
      .eq('key', 'keyboards:1')
      .select('key,price_cents');
    expect(priced.data).toEqual([{ key: 'keyboards:1', price_cents: 12500 }]);
    const added = await staffRest
      .from('product_variants')
      .insert({ product_key: DRAFT.key, color: 'White', sku: 'KB-900-WHITE', position: 2 });
    expect(added.status).toBe(201);
    const archived = await staffRest
      .from('products')
      .update({ status: 'archived' })
      .eq('key', 'keyboards:4')
      .select('status');
    expect(archived.data).toEqual([{ status: 'archived' }]);

    // Gone from the shop, still there for staff (old orders and reviews name it).
    expect((await keysOf(anon)).map((r) => r.key)).not.toContain('keyboards:4');
    expect(await keysOf(staffRest)).toContainEqual({ key: 'keyboards:4', status: 'archived' });

    const { rows } = await db.query<Record<string, unknown>>(
      `SELECT staff_id, staff_email, action, product_key,
              before ->> 'price_cents' AS price_before, after ->> 'price_cents' AS price_after,
              before ->> 'status' AS status_before, after ->> 'status' AS status_after,
              after ->> 'sku' AS sku
       FROM public.staff_audit_log WHERE staff_id = $1 ORDER BY id`,
      [staff.id],
    );
    const who = { staff_id: staff.id, staff_email: staff.email };
    const none = { price_before: null, price_after: null, status_before: null, status_after: null };
    expect(rows).toEqual([
      {
        ...who,
        ...none,
        action: 'product.update',
        product_key: 'keyboards:1',
        price_before: '12000',
        price_after: '12500',
        status_before: 'published',
        status_after: 'published',
        sku: null,
      },
      { ...who, ...none, action: 'variant.insert', product_key: DRAFT.key, sku: 'KB-900-WHITE' },
      {
        ...who,
        ...none,
        action: 'product.update',
        product_key: 'keyboards:4',
        price_before: '9000',
        price_after: '9000',
        status_before: 'published',
        status_after: 'archived',
        sku: null,
      },
    ]);
  });

  it('staff create a product with its colours in one call, then publish it; nobody else can', async () => {
    const silver = {
      category: 'switches',
      url_key: 'silver-switch',
      name: 'Silver Switch',
      price_cents: 350,
      selected_color: 'Silver',
      product_type: 'Linear',
      variants: [
        { color: 'Silver', sku: 'SW-SILVER' },
        { color: 'Black', sku: 'SW-SILVER-BLACK' },
      ],
    };
    const before = await snapshot();
    for (const [token, refused] of [
      [shopper.accessToken, 403],
      [undefined, 401],
    ] as const) {
      const res = await server.restClient(token).rpc('save_product', { product: silver });
      expect(res.status).toBe(refused);
      expect(res.error?.code).toBe('42501');
    }
    expect(await snapshot()).toEqual(before);

    const saved = await staffRest.rpc('save_product', { product: silver });
    expect(saved.error).toBeNull();
    const row = saved.data as { key: string; status: string; variants: unknown };
    expect(row).toMatchObject({ status: 'draft', variants: silver.variants });
    expect(row.key).toMatch(/^switches:\d{4,}$/);
    expect((await keysOf(anon)).map((r) => r.key)).not.toContain(row.key);

    const published = await staffRest
      .from('products')
      .update({ status: 'published' })
      .eq('key', row.key)
      .select('status');
    expect(published.data).toEqual([{ status: 'published' }]);
    expect((await keysOf(anon)).map((r) => r.key)).toContain(row.key);
    const { rows } = await db.query(
      `SELECT action FROM public.staff_audit_log WHERE product_key = $1 AND staff_id = $2 ORDER BY id`,
      [row.key, staff.id],
    );
    expect(rows.map((r) => r.action)).toEqual([
      'product.insert',
      'variant.insert',
      'variant.insert',
      'product.update',
    ]);
  });

  it('nobody deletes a product, staff included: archiving keeps it for old orders', async () => {
    const res = await staffRest.from('products').delete().eq('key', 'keyboards:2').select();
    expect(res.status).toBe(403);
    expect(res.error?.code).toBe('42501');
    const { rows } = await db.query(`SELECT 1 FROM public.products WHERE key = 'keyboards:2'`);
    expect(rows).toHaveLength(1);
  });

  it('a colour renamed with its SKU keeps its units and the units held for checkouts', async () => {
    const key = 'keyboards:3';
    const { rows: variants } = await db.query<{ color: string; sku: string }>(
      `SELECT color, sku FROM public.product_variants WHERE product_key = $1 ORDER BY position`,
      [key],
    );
    const [renamed, kept] = variants;
    if (!renamed || !kept) throw new Error(`${key} needs two colours`);
    await db.query(`UPDATE public.stock SET on_hand = 7 WHERE product_key = $1 AND color = $2`, [
      key,
      renamed.color,
    ]);
    await db.query(
      `INSERT INTO public.stock_holds (hold_ref, line_number, product_key, color, quantity, expires_at)
       VALUES (gen_random_uuid(), 0, $1, $2, 1, now() + interval '30 minutes')`,
      [key, renamed.color],
    );
    const read = await staffRest.from('catalogue_products').select('*').eq('key', key);
    const row = catalogueRowSchema.parse(read.data?.[0]);
    const input = saveInputOf(row);
    const saved = await staffRest.rpc('save_product', {
      product: {
        ...input,
        selected_color: 'Midnight',
        variants: input.variants.map((v) =>
          v.sku === renamed.sku ? { ...v, color: 'Midnight' } : v,
        ),
      },
    });
    expect(saved.error).toBeNull();

    const stock = await db.query(
      `SELECT s.color, s.on_hand, a.available FROM public.stock s
       JOIN public.stock_availability a USING (product_key, color)
       WHERE s.product_key = $1 ORDER BY s.color`,
      [key],
    );
    expect(stock.rows).toEqual(
      [
        { color: 'Midnight', on_hand: 7, available: 6 },
        { color: kept.color, on_hand: 50, available: 50 },
      ].sort((a, b) => a.color.localeCompare(b.color)),
    );
    const after = await db.query(
      `SELECT color, sku FROM public.product_variants WHERE product_key = $1 ORDER BY position`,
      [key],
    );
    expect(after.rows).toEqual([{ color: 'Midnight', sku: renamed.sku }, kept]);
    const logged = await db.query(
      `SELECT before ->> 'color' AS was, after ->> 'color' AS now FROM public.staff_audit_log
       WHERE product_key = $1 AND action = 'variant.update'`,
      [key],
    );
    expect(logged.rows).toEqual([{ was: renamed.color, now: 'Midnight' }]);
  });
});
