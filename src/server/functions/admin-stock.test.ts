// POST /functions/v1/admin-stock: staff set the units on hand of a product and colour, audit-logged;
// anyone else is refused and nothing changes. On each database target.
import { decodeJwt, decodeProtectedHeader, importJWK, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseTargets,
  type Shopper,
  startTestServer,
  type TestServer,
} from '../test-support/index.ts';

/**
 * Makes `shopper` staff as the back office does (the account's app_metadata) and answers a token
 * carrying the role, signed with the server's key as its own sign-in would issue it.
 */
async function staffToken(server: TestServer, shopper: Shopper): Promise<string> {
  await server.db.query(
    `UPDATE auth.users SET raw_app_meta_data = raw_app_meta_data || '{"role":"staff"}'::jsonb
     WHERE id = $1`,
    [shopper.id],
  );
  const header = decodeProtectedHeader(shopper.accessToken);
  const { rows } = await server.db.query<{ private_jwk: JWK }>(
    'SELECT private_jwk FROM auth.signing_keys WHERE kid = $1',
    [header.kid],
  );
  const key = await importJWK(rows[0]!.private_jwk, header.alg);
  const claims = decodeJwt(shopper.accessToken);
  const metadata = (claims.app_metadata ?? {}) as Record<string, unknown>;
  return new SignJWT({ ...claims, app_metadata: { ...metadata, role: 'staff' } })
    .setProtectedHeader({ alg: header.alg!, kid: header.kid!, typ: 'JWT' })
    .sign(key);
}

describe.each(databaseTargets())('admin-stock on $name', (target) => {
  let server: TestServer;
  let staff: Shopper;
  let token: string;
  let shopper: Shopper;

  beforeAll(async () => {
    server = await startTestServer({ target });
    staff = await server.signUp('staff');
    token = await staffToken(server, staff);
    shopper = await server.signUp('shopper');
  });
  afterAll(() => server?.close());

  async function post(body: unknown, bearer?: string) {
    const res = await server.call('/functions/v1/admin-stock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      ...(bearer ? { token: bearer } : {}),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }
  async function onHand() {
    const { rows } = await server.db.query<{ on_hand: number }>(
      `SELECT on_hand FROM public.stock WHERE product_key = 'switches:205' AND color = 'Blue'`,
    );
    return Number(rows[0]?.on_hand);
  }
  const EDIT = { productKey: 'switches:205', color: 'Blue', onHand: 12 };

  it('sets on hand for staff, answers the row and logs who changed what', async () => {
    expect(await post(EDIT, token)).toEqual({
      status: 200,
      body: { stock: { productKey: 'switches:205', color: 'Blue', onHand: 12, available: 12 } },
    });
    const { rows } = await server.db.query<Record<string, unknown>>(
      `SELECT staff_id, staff_email, action, order_id, before, after FROM public.staff_audit_log`,
    );
    expect(rows).toEqual([
      {
        staff_id: staff.id,
        staff_email: staff.email,
        action: 'stock',
        order_id: null,
        before: { productKey: 'switches:205', color: 'Blue', onHand: 50, available: 50 },
        after: { productKey: 'switches:205', color: 'Blue', onHand: 12, available: 12 },
      },
    ]);
    // Staff read the raw table through the data API; shoppers see nothing of it.
    const read = await server.call('/rest/v1/stock?product_key=eq.switches:205', { token });
    expect(await read.json()).toEqual([
      expect.objectContaining({ product_key: 'switches:205', color: 'Blue', on_hand: 12 }),
    ]);
  });

  it("sets the stock of a draft's new colour, which starts at 0", async () => {
    await server.db.query(`UPDATE public.products SET status = 'draft' WHERE key = 'switches:206'`);
    await server.db.query(
      `INSERT INTO public.product_variants (product_key, color, sku, position)
       VALUES ('switches:206', 'Mint', 'SW-206-MINT', 2)`,
    );
    const mint = { productKey: 'switches:206', color: 'Mint', onHand: 30 };
    expect(await post(mint, token)).toEqual({
      status: 200,
      body: { stock: { ...mint, available: 30 } },
    });
    const { rows } = await server.db.query<Record<string, unknown>>(
      `SELECT product_key, before, after FROM public.staff_audit_log
       WHERE action = 'stock' AND product_key = 'switches:206'`,
    );
    expect(rows).toEqual([
      {
        product_key: 'switches:206',
        before: { ...mint, onHand: 0, available: 0 },
        after: { ...mint, available: 30 },
      },
    ]);
  });

  it('refuses anonymous callers (401) and shoppers (403 not_staff), changing nothing', async () => {
    const before = await onHand();
    expect((await post({ ...EDIT, onHand: 0 })).status).toBe(401);
    expect(await post({ ...EDIT, onHand: 0 }, shopper.accessToken)).toEqual({
      status: 403,
      body: { error: 'not_staff', message: 'This action is for staff only.' },
    });
    // A token claiming the role for an account that no longer holds it is refused too.
    await server.db.query(
      `UPDATE auth.users SET raw_app_meta_data = raw_app_meta_data - 'role' WHERE id = $1`,
      [staff.id],
    );
    expect((await post({ ...EDIT, onHand: 0 }, token)).status).toBe(403);
    await server.db.query(
      `UPDATE auth.users SET raw_app_meta_data = raw_app_meta_data || '{"role":"staff"}'::jsonb
       WHERE id = $1`,
      [staff.id],
    );
    expect(await onHand()).toBe(before);
  });

  it.each([
    ['a negative count', { ...EDIT, onHand: -1 }, /whole number from 0 to 100000/],
    ['a fraction', { ...EDIT, onHand: 1.5 }, /whole number from 0 to 100000/],
    ['too many', { ...EDIT, onHand: 100001 }, /whole number from 0 to 100000/],
    ['a string', { ...EDIT, onHand: '5' }, /whole number from 0 to 100000/],
    [
      'an unknown product',
      { ...EDIT, productKey: 'switches:999' },
      /Unknown product: switches:999/,
    ],
    [
      'an unknown colour',
      { ...EDIT, color: 'Red' },
      /Unknown colour "Red" for Blue Switch\. Available: Blue\./,
    ],
  ])('refuses %s with 400 invalid_request, changing nothing', async (_, body, message) => {
    const before = await onHand();
    const answer = await post(body, token);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('invalid_request');
    expect(answer.body.message).toMatch(message);
    expect(await onHand()).toBe(before);
  });
});
