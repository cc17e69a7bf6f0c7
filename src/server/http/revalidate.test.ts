// The catalogue read revalidates (revalidate.ts): a strong ETag of what the database holds now,
// 304 without a body while it is unchanged, a new tag the moment staff change a product, and one
// tag per audience (staff see drafts). Served on a port, so through @hono/node-server and
// compression as in production.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpStaff, startTestServer, type TestServer } from '../test-support/index.ts';

const CATALOGUE = '/rest/v1/catalogue_products?select=key,price_cents&order=position';

describe('ETag on the catalogue read', () => {
  let server: TestServer;
  let staffToken: string;
  beforeAll(async () => {
    server = await startTestServer({ listen: true });
    staffToken = (await signUpStaff(server)).token;
  });
  afterAll(() => server?.close());

  const read = (headers: Record<string, string> = {}, token?: string) =>
    server.call(CATALOGUE, { headers, ...(token ? { token } : {}) });

  it('answers 200 with a strong tag, then 304 without a body while nothing changed', async () => {
    const first = await read({ 'Accept-Encoding': 'identity' });
    expect(first.status).toBe(200);
    const body = await first.text();
    expect(JSON.parse(body)).toHaveLength(54);
    const tag = first.headers.get('etag');
    expect(tag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(first.headers.get('vary')).toMatch(/Authorization, apikey/);

    const again = await read({ 'If-None-Match': tag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(tag);
    expect(again.headers.get('cache-control')).toBe('no-cache');
    expect(again.headers.get('vary')).toMatch(/Authorization, apikey/);
    expect(again.headers.get('content-type')).toBeNull();
    // Compressed, the same tag is weak (another encoding of the same data), and still matches.
    const gzipped = await read({ 'Accept-Encoding': 'gzip' });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('etag')).toBe(`W/${tag}`);
    expect(await gzipped.text()).toBe(body);
    const weak = await read({ 'If-None-Match': `"other", W/${tag}`, 'Accept-Encoding': 'gzip' });
    expect(weak.status).toBe(304);
    // Any other tag gets the whole answer again.
    const stale = await read({ 'If-None-Match': '"stale"' });
    expect(stale.status).toBe(200);
    expect(await stale.text()).toBe(body);
  });

  it('gives a new tag the moment a price changes, and staff (who see drafts) their own', async () => {
    const tag = (await read()).headers.get('etag')!;
    await server.db.query(
      `UPDATE public.products SET price_cents = 12100 WHERE key = 'keyboards:1'`,
    );
    const changed = await read({ 'If-None-Match': tag });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toContainEqual({ key: 'keyboards:1', price_cents: 12100 });
    expect(changed.headers.get('etag')).not.toBe(tag);

    await server.db.query(`UPDATE public.products SET status = 'draft' WHERE key = 'keyboards:2'`);
    const shoppers = (await read()).headers.get('etag')!;
    const staff = await read({ 'If-None-Match': shoppers }, staffToken);
    expect(staff.status).toBe(200);
    expect(await staff.json()).toContainEqual({ key: 'keyboards:2', price_cents: 15000 });
  });

  it('leaves other reads and failed reads alone', async () => {
    const ratings = await server.call('/rest/v1/product_ratings?select=*');
    expect(ratings.status).toBe(200);
    expect(ratings.headers.get('etag')).toBeNull();
    const bad = await server.call('/rest/v1/catalogue_products?select=nope');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('etag')).toBeNull();
    expect(bad.headers.get('cache-control')).toBeNull();
  });
});
