// The product and category pages the server renders (docs/product.md, Product pages), read as a
// crawler or a chat app's link preview reads them: the HTML alone, no script run (jsdom parses it
// and runs nothing). The shop's PUBLIC_URL is the canonical origin.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { pgliteTarget, serverFixture, waitFor } from '../test-support/index.ts';

const ORIGIN = 'https://shop.keebshop.test';

/** GET `path` from the first instance (or `app`), without following redirects. */
async function get(shop: ReturnType<typeof serverFixture>, path: string, app = shop.server.app) {
  const res = await app.request(`${ORIGIN}${path}`, { redirect: 'manual' });
  const body = await res.text();
  return { res, body, doc: new JSDOM(body).window.document };
}

function jsonLd(doc: Document): Record<string, unknown>[] {
  return [...doc.querySelectorAll('script[type="application/ld+json"]')].map(
    (s) => JSON.parse(s.textContent ?? '') as Record<string, unknown>,
  );
}

const meta = (doc: Document, key: string) =>
  doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content');

describe('server-rendered pages', () => {
  const shop = serverFixture(pgliteTarget, { env: { PUBLIC_URL: ORIGIN } });
  /** The answer at `path` once it has `status`: a change shows within seconds. */
  const settled = (path: string, status: number) =>
    waitFor(async () => {
      const answer = await get(shop, path);
      return answer.res.status === status ? answer : undefined;
    }, 5_000);

  it('shows a product whole, with its previews and structured data', async () => {
    const { res, doc } = await get(shop, '/keebshop/products/mechanical-keyboard-pro');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const main = doc.querySelector('main')!;
    expect(main.querySelector('h1')?.textContent).toBe('Mechanical Keyboard Pro');
    expect(main.querySelector('.price')?.textContent).toBe('$120');
    expect(main.textContent).toContain('Rated 4.5 out of 5 by 4 reviews');
    expect(main.textContent).toContain('In stock');
    expect(main.textContent).toContain('A full-size board with a number pad');
    expect([...main.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Black',
      'White',
      'Red',
    ]);
    // The specification table, and the drawing named for assistive technology.
    expect(main.querySelector('table caption, table')?.textContent).toContain('Switches fitted');
    expect(main.querySelector('svg[role="img"] title, svg title')?.textContent).toBe(
      'Mechanical Keyboard Pro in Black',
    );
    const crumbs = [...doc.querySelectorAll('nav[aria-label="Breadcrumb"] li')];
    expect(crumbs.map((li) => li.textContent)).toEqual([
      'Home',
      'Keyboards',
      'Mechanical Keyboard Pro',
    ]);
    expect(crumbs[1]!.querySelector('a')?.getAttribute('href')).toBe('/keebshop/keyboards');

    const url = `${ORIGIN}/keebshop/products/mechanical-keyboard-pro`;
    expect(doc.title).toBe('Mechanical Keyboard Pro, $120.00 | Keebshop');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(url);
    expect(meta(doc, 'og:url')).toBe(url);
    expect(meta(doc, 'og:type')).toBe('product');
    expect(meta(doc, 'og:image')).toBe(`${url}/preview.png`);
    expect([meta(doc, 'og:image:width'), meta(doc, 'og:image:height')]).toEqual(['1200', '630']);
    expect(meta(doc, 'twitter:card')).toBe('summary_large_image');
    expect(meta(doc, 'description')).toMatch(/^A full-size board/);
    expect(meta(doc, 'robots')).toBeUndefined();

    const [product, breadcrumbs] = jsonLd(doc);
    expect(product).toMatchObject({
      '@type': 'Product',
      name: 'Mechanical Keyboard Pro',
      offers: { price: '120.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
      aggregateRating: { ratingValue: 4.5, ratingCount: 4 },
    });
    expect(breadcrumbs).toMatchObject({ '@type': 'BreadcrumbList' });
    // The data the page hydrates from is the product shown.
    const data = JSON.parse(doc.getElementById('page-data')!.textContent!) as {
      kind: string;
      product: { key: string };
    };
    expect([data.kind, data.product.key]).toEqual(['product', 'keyboards:1']);
  });

  it('sends the page compressed as the browser accepts, compressed once', async () => {
    const path = `${ORIGIN}/keebshop/products/mechanical-keyboard-pro`;
    const plain = await (await shop.server.app.request(path)).text();
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['br;q=0, gzip;q=0.5', 'gzip', gunzipSync],
      ['gzip;q=0.8, br;q=0.9', 'br', brotliDecompressSync],
      ['*', 'br', brotliDecompressSync],
    ] as const) {
      const res = await shop.server.app.request(path, { headers: { 'Accept-Encoding': accept } });
      expect(res.headers.get('content-encoding'), accept).toBe(encoding);
      expect(res.headers.get('vary')).toMatch(/Accept-Encoding/i);
      expect(decode(Buffer.from(await res.arrayBuffer())).toString('utf8')).toBe(plain);
    }
    for (const accept of ['identity', 'br;q=0, gzip;q=0']) {
      const identity = await shop.server.app.request(path, {
        headers: { 'Accept-Encoding': accept },
      });
      expect(identity.headers.get('content-encoding'), accept).toBeNull();
      expect(await identity.text()).toBe(plain);
    }
  });

  it('says when a product is sold out, in the page and its offer', async () => {
    await shop.db.query("UPDATE public.stock SET on_hand = 0 WHERE product_key = 'keyboards:2'");
    const { doc } = await get(shop, '/keebshop/products/gaming-keyboard-x');
    const colour = doc.querySelector('select')!.value;
    expect(colour).toBeTruthy();
    expect(doc.querySelector('main')?.textContent).toContain('Sold out');
    expect(jsonLd(doc)[0]).toMatchObject({
      offers: { availability: 'https://schema.org/OutOfStock' },
    });
  });

  it('shows a pre-order and a group buy as such, in the page and its offer', async () => {
    const stand = (await get(shop, '/keebshop/products/keyboard-stand')).doc;
    expect(stand.querySelector('main')?.textContent).toMatch(/Pre-order · ships/);
    expect(jsonLd(stand)[0]).toMatchObject({
      offers: { availability: 'https://schema.org/PreOrder' },
    });
    const run = (await get(shop, '/keebshop/products/ergonomic-gaming-keyboard')).doc;
    expect(run.querySelector('main')?.textContent).toMatch(/Group buy · ends/);
    expect(run.querySelector('progress')?.getAttribute('max')).toBe('30');
  });

  it('lists a category with links to its products, in the shop order', async () => {
    const { res, doc } = await get(shop, '/keebshop/switches');
    expect(res.status).toBe(200);
    expect(doc.querySelector('h1')?.textContent).toBe('Switches');
    const { rows } = await shop.db.query<{ url_key: string; name: string }>(
      `SELECT url_key, name FROM public.products WHERE category = 'switches' AND status = 'published'
       ORDER BY position, key`,
    );
    const links = [...doc.querySelectorAll('main .product-card__open')];
    expect(links.map((a) => [a.getAttribute('href'), a.textContent])).toEqual(
      rows.map((r) => [`/keebshop/products/${r.url_key}`, r.name]),
    );
    expect(doc.querySelector('a[href="/keebshop/#/switches"]')).not.toBeNull();
    expect((await get(shop, '/keebshop/mice')).res.status).toBe(404);
  });

  it('answers unknown, draft and malformed addresses 404 with a way back', async () => {
    for (const path of ['no-such-product', 'Not_An-Address', 'a'.repeat(81)]) {
      const { res, doc } = await get(shop, `/keebshop/products/${path}`);
      expect(res.status, path).toBe(404);
      expect(doc.querySelector('h1')?.textContent).toBe('We couldn’t find that product.');
      expect(meta(doc, 'robots')).toBe('noindex');
      expect(doc.querySelector('main a[href="/keebshop/keyboards"]')).not.toBeNull();
    }
    await shop.db.query("UPDATE public.products SET status = 'draft' WHERE key = 'keyboards:3'");
    const { rows } = await shop.db.query<{ url_key: string }>(
      "SELECT url_key FROM public.products WHERE key = 'keyboards:3'",
    );
    await settled(`/keebshop/products/${rows[0]!.url_key}`, 404);
  });

  it('answers 410 for an archived product and 301 from a former address', async () => {
    await shop.db.query(
      "UPDATE public.products SET url_key = 'pro-keyboard-mark-ii' WHERE key = 'keyboards:1'",
    );
    // Pages follow the catalogue within about a second (the cache asks for its version so often).
    const moved = await settled('/keebshop/products/mechanical-keyboard-pro', 301);
    expect(moved.res.headers.get('location')).toBe('/keebshop/products/pro-keyboard-mark-ii');
    expect((await get(shop, '/keebshop/products/pro-keyboard-mark-ii')).res.status).toBe(200);

    // Renamed back: the address is current again, and the other one is now the former.
    await shop.db.query(
      "UPDATE public.products SET url_key = 'mechanical-keyboard-pro' WHERE key = 'keyboards:1'",
    );
    const back = await settled('/keebshop/products/pro-keyboard-mark-ii', 301);
    expect(back.res.headers.get('location')).toBe('/keebshop/products/mechanical-keyboard-pro');

    await shop.db.query("UPDATE public.products SET status = 'archived' WHERE key = 'keyboards:1'");
    for (const path of ['mechanical-keyboard-pro', 'pro-keyboard-mark-ii']) {
      const { doc } = await settled(`/keebshop/products/${path}`, 410);
      expect(doc.querySelector('h1')?.textContent).toBe('This product is no longer sold.');
      expect(doc.querySelector('main')?.textContent).toContain(
        'Mechanical Keyboard Pro has left the catalogue.',
      );
    }
    await shop.db.query(
      "UPDATE public.products SET status = 'published' WHERE key = 'keyboards:1'",
    );
  });

  it('lists every published product and category in the sitemap, and names it in robots.txt', async () => {
    const { res, body } = await get(shop, '/sitemap.xml');
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = new JSDOM(body, { contentType: 'application/xml' }).window.document;
    const locs = [...xml.getElementsByTagName('loc')].map((l) => l.textContent);
    const { rows } = await shop.db.query<{ url_key: string; updated_at: Date }>(
      "SELECT url_key, updated_at FROM public.products WHERE status = 'published'",
    );
    expect(locs.sort()).toEqual(
      [
        `${ORIGIN}/keebshop/`,
        ...['keyboards', 'switches', 'accessories'].map((c) => `${ORIGIN}/keebshop/${c}`),
        ...rows.map((r) => `${ORIGIN}/keebshop/products/${r.url_key}`),
      ].sort(),
    );
    const entry = [...xml.getElementsByTagName('url')].find(
      (u) =>
        u.querySelector('loc')?.textContent === `${ORIGIN}/keebshop/products/${rows[0]!.url_key}`,
    );
    expect(entry?.querySelector('lastmod')?.textContent).toBe(
      new Date(rows[0]!.updated_at).toISOString().slice(0, 10),
    );

    const robots = await (await get(shop, '/robots.txt')).body;
    expect(robots).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    for (const line of [
      'Disallow: /functions/',
      'Disallow: /keebshop/#/admin',
      'Allow: /keebshop/',
    ]) {
      expect(robots).toContain(line);
    }
  });

  it('makes a 1200x630 preview image of a product', async () => {
    const res = await shop.server.app.request(
      `${ORIGIN}/keebshop/products/mechanical-keyboard-pro/preview.png`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await res.arrayBuffer());
    // The PNG signature, then the IHDR chunk's width and height.
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    const missing = await shop.server.app.request(`${ORIGIN}/keebshop/products/nope/preview.png`);
    expect(missing.status).toBe(404);
  });
});
