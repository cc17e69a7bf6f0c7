// Product photos in Chromium against the real server (docs/decisions/0046-photos-in-the-database.md):
// staff give a product a photo as the back office does, the file through the Storage API with the
// official storage-js and its place in public.product_photos through the data API, and the list
// page shows it on the product's card as an <img> that loads, made in the format the browser said
// it takes best, and cacheable for good; a click on it opens the product with the photo large.
import { StorageClient } from '@supabase/storage-js';
import sharp from 'sharp';
import { LISTS, cardItem, expect, openRoute, productDialog, test } from './support/app.ts';
import { logInOverHttp, shopConfig } from './support/session.ts';
import { newStaffAccount } from './support/staff.ts';

// A keyboard no other browser test names, so its photo changes nothing they look at.
const PRODUCT = { key: 'keyboards:109', name: 'Gaming Keyboard Elite' };
const ALT = 'The Gaming Keyboard Elite from above, lit in blue';

/** The format the server picks for this Accept header, as imgproxy does (transform.ts). */
const expectedType = (accept: string) =>
  accept.includes('image/avif')
    ? 'image/avif'
    : accept.includes('image/webp')
      ? 'image/webp'
      : 'image/png';

test('a photo staff add shows on its card, loaded in a format the browser accepts', async ({
  page,
}) => {
  const config = await shopConfig();
  const { access_token: token } = await logInOverHttp(await newStaffAccount());
  const headers = { apikey: config.supabaseAnonKey, Authorization: `Bearer ${token}` };
  const bucket = new StorageClient(`${config.supabaseUrl}/storage/v1`, headers).from(
    'product-photos',
  );
  // A space in the name: the storefront must escape it in every URL.
  const path = `keyboards/109/top view ${Date.now()}.png`;
  const png = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: '#2563eb' },
  })
    .png()
    .toBuffer();
  const upload = await bucket.upload(path, png, { contentType: 'image/png' });
  expect(upload.error).toBeNull();
  const attach = await fetch(`${config.supabaseUrl}/rest/v1/product_photos`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', prefer: 'return=minimal' },
    body: JSON.stringify({ product_key: PRODUCT.key, object_path: path, alt: ALT, position: 0 }),
  });
  expect(attach.status, await attach.text()).toBe(201);

  try {
    // Each rendition the page receives, with the Accept header its request sent.
    const renditions = new Map<string, Promise<{ type: string; cache: string; accept: string }>>();
    page.on('response', (response) => {
      if (!response.url().includes('/storage/v1/render/image/public/product-photos/')) return;
      renditions.set(
        response.url(),
        response
          .request()
          .headerValue('accept')
          .then((accept) => ({
            type: response.headers()['content-type'] ?? '',
            cache: response.headers()['cache-control'] ?? '',
            accept: accept ?? '',
          })),
      );
    });
    // Searched for, it is the first card: the one fetched at once.
    await openRoute(page, `${LISTS.keyboards.hash}?q=elite`, LISTS.keyboards.h1);
    const img = cardItem(page, PRODUCT.name).getByRole('img', { name: ALT, exact: true });
    await expect(img).toHaveAttribute('loading', 'eager');
    await expect(img).toHaveAttribute('fetchpriority', 'high');
    await expect(img).toHaveAttribute('width', '1200');
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)))
      .toBeGreaterThan(0);

    const chosen = await img.evaluate((el: HTMLImageElement) => el.currentSrc);
    const url = new URL(chosen);
    expect(url.pathname).toContain('/top%20view%20');
    expect(url.searchParams.get('cacheNonce')).toMatch(/^[0-9a-f-]{36}$/);
    expect(renditions.has(chosen), `no response seen for ${chosen}`).toBe(true);
    const rendition = await renditions.get(chosen)!;
    expect(rendition.type).toBe(expectedType(rendition.accept));
    expect(rendition.cache).toContain('immutable');

    // The photo is part of the card: a click on it opens the product, the photo large.
    const box = (await img.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const large = productDialog(page, PRODUCT.name).getByRole('img', { name: ALT, exact: true });
    await expect(large).toHaveAttribute('fetchpriority', 'high');
    await expect
      .poll(() => large.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)))
      .toBeGreaterThan(0);
  } finally {
    // Removing the file takes it off the product (public.product_photos cascades).
    expect((await bucket.remove([path])).error).toBeNull();
  }
});
