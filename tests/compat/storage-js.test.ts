// What the storage API claims for the official @supabase/storage-js (docs/api-compatibility.md,
// Storage): the product-photos bucket as staff fill it and shoppers read it, the checks an upload
// passes (type from the content, size while reading, metadata stripped), renditions made once and
// kept, and errors in Supabase Storage's shape. Several instances on one PostgreSQL:
// src/server/storage/instances.test.ts.
import type { StorageClient } from '@supabase/storage-js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pgliteTarget,
  signUpStaff,
  startTestServer,
  storageClientFor,
  watchStatements,
  type Shopper,
  type TestDatabase,
  type TestServer,
  type WatchedDatabase,
} from '../../src/server/test-support/index.ts';
import {
  GPS_ARTIST,
  HTML_PAGE,
  SVG_IMAGE,
  hasGpsSection,
  noisyPhoto,
  phoneJpeg,
  photo,
} from './photos.ts';

const BUCKET = 'product-photos';

describe('storage-js against /storage/v1', () => {
  let db: TestDatabase;
  let watched: WatchedDatabase<TestDatabase>;
  let server: TestServer;
  let staff: StorageClient;
  let shopper: StorageClient;
  let anon: StorageClient;
  let shopperAccount: Shopper;
  let staffToken: string;

  const objectCount = async (name: string) =>
    (
      await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM storage.objects WHERE bucket_id = $1 AND name = $2',
        [BUCKET, name],
      )
    ).rows[0]?.n;
  /** GET a URL the client built (getPublicUrl) through the in-process server. */
  const get = (url: string, headers: Record<string, string> = {}) => server.fetch(url, { headers });
  const publicUrl = (path: string) => anon.from(BUCKET).getPublicUrl(path).data.publicUrl;

  beforeAll(async () => {
    db = await pgliteTarget.open();
    // Every rendition the server keeps is one INSERT: counted to show each is made once.
    watched = watchStatements(db, (sql) => sql.includes('INSERT INTO storage.renditions'));
    server = await startTestServer({ db: watched.db });
    const staffAccount = await signUpStaff(server);
    staffToken = staffAccount.token;
    shopperAccount = await server.signUp('shopper');
    staff = storageClientFor(server, staffToken);
    shopper = storageClientFor(server, shopperAccount.accessToken);
    anon = storageClientFor(server);
  });
  afterAll(async () => {
    await server?.close();
    await db?.close();
  });

  it('the seeded bucket: public, 10 MB, JPEG, PNG and WebP', async () => {
    const { data, error } = await anon.getBucket(BUCKET);
    expect(error).toBeNull();
    expect(data).toMatchObject({
      id: BUCKET,
      name: BUCKET,
      public: true,
      file_size_limit: 10_000_000,
      allowed_mime_types: ['image/jpeg', 'image/png', 'image/webp'],
    });
    const list = await anon.listBuckets();
    expect(list.data?.map((b) => b.id)).toEqual([BUCKET]);
    // Buckets change by migration: nobody creates or empties one through the API.
    const created = await staff.createBucket('mine', { public: true });
    expect(created.error).toMatchObject({ status: 400, statusCode: '403', code: 'AccessDenied' });
    const missing = await anon.getBucket('nope');
    expect(missing.error).toMatchObject({ statusCode: '404', code: 'NoSuchBucket' });
  });

  it('staff upload JPEG, PNG and WebP, as a File (multipart) or a Buffer (raw body)', async () => {
    const png = await photo('png', 300, 200);
    const asFile = await staff
      .from(BUCKET)
      .upload(
        'keyboards/1/front.png',
        new File([new Uint8Array(png)], 'front.png', { type: 'image/png' }),
      );
    expect(asFile.error).toBeNull();
    expect(asFile.data).toMatchObject({
      path: 'keyboards/1/front.png',
      fullPath: `${BUCKET}/keyboards/1/front.png`,
    });
    expect(asFile.data?.id).toMatch(/^[0-9a-f-]{36}$/);

    const webp = await photo('webp', 400, 300);
    const asBuffer = await staff
      .from(BUCKET)
      .upload('keyboards/1/side.webp', webp, { contentType: 'image/webp', cacheControl: '60' });
    expect(asBuffer.error).toBeNull();
    const jpeg = await photo('jpeg', 640, 480);
    const asBlob = await staff
      .from(BUCKET)
      .upload('keyboards/1/top.jpg', new Blob([new Uint8Array(jpeg)]));
    expect(asBlob.error).toBeNull();

    const info = await anon.from(BUCKET).info('keyboards/1/side.webp');
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({
      name: 'keyboards/1/side.webp',
      bucketId: BUCKET,
      contentType: 'image/webp',
      cacheControl: 'max-age=60',
    });
    const { rows } = await db.query<{ name: string; metadata: Record<string, unknown> }>(
      `SELECT name, metadata FROM storage.objects WHERE name LIKE 'keyboards/1/%' ORDER BY name`,
    );
    expect(
      rows.map((r) => [r.name, r.metadata.mimetype, r.metadata.width, r.metadata.height]),
    ).toEqual([
      ['keyboards/1/front.png', 'image/png', 300, 200],
      ['keyboards/1/side.webp', 'image/webp', 400, 300],
      ['keyboards/1/top.jpg', 'image/jpeg', 640, 480],
    ]);
    const listed = await anon.from(BUCKET).list('keyboards/1');
    expect(listed.data?.map((o) => o.name)).toEqual(['front.png', 'side.webp', 'top.jpg']);
    const root = await anon.from(BUCKET).list();
    expect(root.data).toContainEqual(expect.objectContaining({ name: 'keyboards', id: null }));
  });

  it('anon and a plain shopper may not upload, replace or delete: row-level security', async () => {
    const png = await photo('png', 20, 20);
    for (const client of [anon, shopper]) {
      const upload = await client
        .from(BUCKET)
        .upload('keyboards/2/intruder.png', png, { contentType: 'image/png' });
      expect(upload.error).toMatchObject({
        status: 400,
        statusCode: '403',
        code: 'AccessDenied',
        message: expect.stringContaining('row-level security'),
      });
      const replace = await client
        .from(BUCKET)
        .update('keyboards/1/front.png', png, { contentType: 'image/png' });
      expect(replace.error).toMatchObject({ statusCode: '403', code: 'AccessDenied' });
      // Deleting what one may not delete is no error, and deletes nothing (Storage's answer).
      const removed = await client.from(BUCKET).remove(['keyboards/1/front.png']);
      expect(removed).toMatchObject({ data: [], error: null });
    }
    expect(await objectCount('keyboards/2/intruder.png')).toBe(0);
    expect(await objectCount('keyboards/1/front.png')).toBe(1);
  });

  it('the public original: EXIF and its GPS position stripped, turned upright, with its cache control', async () => {
    const original = await phoneJpeg(320, 240);
    const before = await sharp(original).metadata();
    expect(hasGpsSection(before.exif)).toBe(true);
    expect(before.orientation).toBe(6);
    const up = await staff
      .from(BUCKET)
      .upload('keyboards/3/phone.jpg', original, { contentType: 'image/jpeg' });
    expect(up.error).toBeNull();

    const res = await get(publicUrl('keyboards/3/phone.jpg'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('max-age=3600');
    const served = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get('content-length')).toBe(String(served.length));
    const after = await sharp(served).metadata();
    expect(after.exif).toBeUndefined();
    expect(served.includes(Buffer.from(GPS_ARTIST))).toBe(false);
    // Upright: the quarter turn is applied to the pixels, so no viewer depends on the tag.
    expect([after.width, after.height, after.orientation]).toEqual([240, 320, undefined]);

    const etag = res.headers.get('etag') as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await get(publicUrl('keyboards/3/phone.jpg'), { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    // HEAD answers the headers alone; a byte range answers 206 with that part.
    const head = await server.fetch(publicUrl('keyboards/3/phone.jpg'), { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length')]).toEqual([200, String(served.length)]);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const part = await get(publicUrl('keyboards/3/phone.jpg'), { Range: 'bytes=0-9' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-9/${served.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(served.subarray(0, 10));
    expect((await anon.from(BUCKET).exists('keyboards/3/phone.jpg')).data).toBe(true);
    expect((await anon.from(BUCKET).exists('keyboards/3/none.jpg')).data).toBe(false);
    // The signed-in download (storage-js download()) gives the same bytes.
    const downloaded = await shopper.from(BUCKET).download('keyboards/3/phone.jpg');
    expect(Buffer.from(await (downloaded.data as Blob).arrayBuffer())).toEqual(served);
  });

  it('refuses a page renamed .jpg and an SVG, whatever their declared type: 415, nothing stored', async () => {
    const html = await staff
      .from(BUCKET)
      .upload('keyboards/4/photo.jpg', HTML_PAGE, { contentType: 'image/jpeg' });
    expect(html.error).toMatchObject({
      status: 400,
      statusCode: '415',
      code: 'InvalidMimeType',
      message: 'mime type text/html is not supported',
    });
    const svg = await staff
      .from(BUCKET)
      .upload('keyboards/4/logo.png', new File([SVG_IMAGE], 'logo.png', { type: 'image/png' }));
    expect(svg.error).toMatchObject({
      statusCode: '415',
      code: 'InvalidMimeType',
      message: 'mime type image/svg+xml is not supported',
    });
    // A JPEG's first bytes on anything else is still not an image.
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), HTML_PAGE]);
    const truncated = await staff
      .from(BUCKET)
      .upload('keyboards/4/fake.jpg', fake, { contentType: 'image/jpeg' });
    expect(truncated.error).toMatchObject({ statusCode: '400', code: 'InvalidRequest' });
    expect(await objectCount('keyboards/4/photo.jpg')).toBe(0);
    expect(await objectCount('keyboards/4/logo.png')).toBe(0);
    expect(await objectCount('keyboards/4/fake.jpg')).toBe(0);
  });

  it('refuses a file over 10 MB with 413 while reading it, raw or multipart; nothing stored', async () => {
    const big = Buffer.alloc(10_000_001, 0);
    big.set([0xff, 0xd8, 0xff], 0);
    const raw = await staff
      .from(BUCKET)
      .upload('keyboards/5/huge.jpg', big, { contentType: 'image/jpeg' });
    expect(raw.error).toMatchObject({
      status: 400,
      statusCode: '413',
      code: 'EntityTooLarge',
      message: 'The object exceeded the maximum allowed size',
    });
    const multipart = await staff.from(BUCKET).upload('keyboards/5/huge.jpg', new Blob([big]));
    expect(multipart.error).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' });
    // Without Content-Length (a stream), the reading stops at the limit all the same.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 11; i++) controller.enqueue(new Uint8Array(1_000_000));
        controller.close();
      },
    });
    const streamed = await staff
      .from(BUCKET)
      .upload('keyboards/5/huge.jpg', stream, { contentType: 'image/jpeg' });
    expect(streamed.error).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' });
    expect(await objectCount('keyboards/5/huge.jpg')).toBe(0);
  });

  it('refuses a decode bomb: an image of more pixels than the limit, however small its file', async () => {
    const bomb = await sharp({
      create: { width: 8000, height: 6000, channels: 3, background: '#000000' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1_000_000);
    const up = await staff
      .from(BUCKET)
      .upload('keyboards/6/bomb.png', bomb, { contentType: 'image/png' });
    expect(up.error).toMatchObject({
      statusCode: '400',
      code: 'InvalidRequest',
      message: 'The source image resolution is too large to process',
    });
    expect(await objectCount('keyboards/6/bomb.png')).toBe(0);
  });

  it('an existing key: 409 without upsert; upsert and update replace it with a new version', async () => {
    const path = 'keyboards/7/main.png';
    expect((await staff.from(BUCKET).upload(path, await photo('png', 50, 50))).error).toBeNull();
    const again = await staff.from(BUCKET).upload(path, await photo('png', 60, 60));
    expect(again.error).toMatchObject({ statusCode: '409', code: 'KeyAlreadyExists' });
    const version = async () =>
      (
        await db.query<{ version: string }>('SELECT version FROM storage.objects WHERE name = $1', [
          path,
        ])
      ).rows[0]?.version;
    const first = await version();
    const upsert = await staff
      .from(BUCKET)
      .upload(path, await photo('png', 70, 70), { upsert: true, contentType: 'image/png' });
    expect(upsert.error).toBeNull();
    const second = await version();
    expect(second).not.toBe(first);
    const update = await staff
      .from(BUCKET)
      .update(path, await photo('png', 80, 40), { contentType: 'image/png' });
    expect(update.error).toBeNull();
    const res = await get(publicUrl(path));
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(80);
  });

  it('renders: width, height, resize and quality; AVIF or WebP by Accept, else the original format', async () => {
    const path = 'keyboards/8/wide.jpg';
    await staff
      .from(BUCKET)
      .upload(path, await noisyPhoto('jpeg', 1200, 800), { contentType: 'image/jpeg' });
    const render = async (transform: object, accept = '') => {
      const url = anon.from(BUCKET).getPublicUrl(path, { transform }).data.publicUrl;
      const res = await get(url, accept ? { Accept: accept } : {});
      const bytes = Buffer.from(await res.arrayBuffer());
      return { res, bytes, meta: res.ok ? await sharp(bytes).metadata() : undefined };
    };

    const cover = await render({ width: 300, height: 300, resize: 'cover', quality: 60 });
    expect(cover.res.status).toBe(200);
    expect(cover.res.headers.get('content-type')).toBe('image/jpeg');
    expect([cover.meta?.format, cover.meta?.width, cover.meta?.height]).toEqual(['jpeg', 300, 300]);
    expect(cover.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(cover.res.headers.get('vary')).toContain('Accept');
    expect(cover.res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);

    const contain = await render({ width: 300, height: 300, resize: 'contain' }, 'image/webp,*/*');
    expect([contain.meta?.format, contain.meta?.width, contain.meta?.height]).toEqual([
      'webp',
      300,
      200,
    ]);
    const fill = await render(
      { width: 300, height: 100, resize: 'fill' },
      'image/avif,image/webp,*/*',
    );
    expect(fill.res.headers.get('content-type')).toBe('image/avif');
    expect([fill.meta?.format, fill.meta?.width, fill.meta?.height]).toEqual(['heif', 300, 100]);
    const widthOnly = await render({ width: 600 }, 'image/avif;q=0, image/webp');
    expect([widthOnly.meta?.format, widthOnly.meta?.width, widthOnly.meta?.height]).toEqual([
      'webp',
      600,
      400,
    ]);
    // format=origin keeps the original's format whatever the browser takes.
    const origin = await render({ width: 600, format: 'origin' }, 'image/avif,image/webp');
    expect(origin.meta?.format).toBe('jpeg');
    // Never larger than the original; sizes past the bound are clamped, not refused.
    const huge = await render({ width: 99999 }, 'image/webp');
    expect([huge.res.status, huge.meta?.width]).toEqual([200, 1200]);
    // A lower quality is a smaller file.
    const low = await render({ width: 600, quality: 20 }, 'image/webp');
    const high = await render({ width: 600, quality: 100 }, 'image/webp');
    expect(low.bytes.length).toBeLessThan(high.bytes.length);
  });

  it('a rendition is made once: concurrent requests share the make, later ones read what was kept', async () => {
    const path = 'keyboards/9/once.png';
    await staff
      .from(BUCKET)
      .upload(path, await photo('png', 800, 600), { contentType: 'image/png' });
    const url = anon.from(BUCKET).getPublicUrl(path, { transform: { width: 200 } }).data.publicUrl;
    const made = watched.statements.length;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => get(url, { Accept: 'image/webp' })),
    );
    const bodies = await Promise.all(answers.map(async (r) => Buffer.from(await r.arrayBuffer())));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((r) => r.headers.get('etag'))).size).toBe(1);
    expect(bodies.every((b) => b.equals(bodies[0] as Buffer))).toBe(true);
    expect(watched.statements.length - made).toBe(1);

    // The next request is served from storage.renditions: what the table holds is what comes back.
    const marker = Buffer.from('kept rendition');
    await db.query(
      `UPDATE storage.renditions SET bytes = $1
       WHERE object_id = (SELECT id FROM storage.objects WHERE name = $2) AND format = 'webp'`,
      [marker, path],
    );
    const later = await get(url, { Accept: 'image/webp' });
    expect(Buffer.from(await later.arrayBuffer()).equals(marker)).toBe(true);
    expect(watched.statements.length - made).toBe(1);
    // A conditional request with the kept ETag: 304.
    const etag = later.headers.get('etag') as string;
    expect((await get(url, { Accept: 'image/webp', 'If-None-Match': etag })).status).toBe(304);

    // Replacing the photo drops its renditions: the new version is rendered anew.
    await staff.from(BUCKET).update(path, await photo('png', 400, 300, '#00aa00'), {
      contentType: 'image/png',
    });
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM storage.renditions
       WHERE object_id = (SELECT id FROM storage.objects WHERE name = $1)`,
      [path],
    );
    expect(rows[0]?.n).toBe(0);
    // storage-js download() with a transform: the authenticated render route, same rendition.
    const viaClient = await shopper
      .from(BUCKET)
      .download(path, { transform: { width: 200, format: 'origin' } });
    expect(
      (await sharp(Buffer.from(await (viaClient.data as Blob).arrayBuffer())).metadata()).format,
    ).toBe('png');
    const fresh = await get(url, { Accept: 'image/webp' });
    expect((await sharp(Buffer.from(await fresh.arrayBuffer())).metadata()).width).toBe(200);
  });

  it('answers bad render parameters with a 400 in Storage shape, never a 500', async () => {
    const path = 'keyboards/8/wide.jpg';
    for (const query of [
      'width=abc',
      'width=-5',
      'height=1.5',
      'quality=5',
      'quality=101',
      'resize=stretch',
      'format=gif',
    ]) {
      const res = await get(
        `${server.url}/storage/v1/render/image/public/${BUCKET}/${path}?${query}`,
      );
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body, query).toMatchObject({
        statusCode: '400',
        code: 'InvalidRequest',
        error: expect.any(String),
      });
      expect(typeof body.message).toBe('string');
    }
    const missing = await get(
      `${server.url}/storage/v1/render/image/public/${BUCKET}/nope.jpg?width=10`,
    );
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      statusCode: '404',
      code: 'NoSuchKey',
      error: 'not_found',
      message: 'Object not found',
    });
    const noBucket = await get(`${server.url}/storage/v1/object/public/nope/a.jpg`);
    expect(await noBucket.json()).toMatchObject({ statusCode: '404', code: 'NoSuchBucket' });
    const badKey = await staff.from(BUCKET).upload('keyboards/é.png', await photo('png', 5, 5));
    expect(badKey.error).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
    const unknown = await get(`${server.url}/storage/v1/nothing`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ statusCode: '404', code: 'InvalidRequest' });
    const download = await anon.from(BUCKET).download('nope.jpg');
    expect(download.error).toMatchObject({ status: 400, statusCode: '404', code: 'NoSuchKey' });
  });

  it('staff move, copy and remove photos; removing a file removes its bytes and renditions', async () => {
    const path = 'switches/20/a.png';
    await staff.from(BUCKET).upload(path, await photo('png', 40, 40), { contentType: 'image/png' });
    const moved = await staff.from(BUCKET).move(path, 'switches/20/b.png');
    expect(moved).toMatchObject({ data: { message: 'Successfully moved' }, error: null });
    const copied = await staff.from(BUCKET).copy('switches/20/b.png', 'switches/20/c.png');
    expect(copied).toMatchObject({ data: { path: `${BUCKET}/switches/20/c.png` }, error: null });
    expect(
      (await shopper.from(BUCKET).move('switches/20/c.png', 'switches/20/d.png')).error,
    ).toMatchObject({
      statusCode: '404',
      code: 'NoSuchKey',
    });
    await get(
      anon.from(BUCKET).getPublicUrl('switches/20/c.png', { transform: { width: 10 } }).data
        .publicUrl,
    );
    const removed = await staff
      .from(BUCKET)
      .remove(['switches/20/b.png', 'switches/20/c.png', 'nope']);
    expect(removed.data?.map((o) => o.name).sort()).toEqual([
      'switches/20/b.png',
      'switches/20/c.png',
    ]);
    const { rows } = await db.query<{ data: number; renditions: number }>(
      `SELECT (SELECT count(*)::int FROM storage.object_data d
               WHERE NOT EXISTS (SELECT 1 FROM storage.objects o WHERE o.id = d.object_id)) AS data,
              (SELECT count(*)::int FROM storage.renditions r
               WHERE NOT EXISTS (SELECT 1 FROM storage.objects o WHERE o.id = r.object_id)) AS renditions`,
    );
    expect(rows[0]).toEqual({ data: 0, renditions: 0 });
  });

  it('product photos: staff attach them with alt text, anyone lists those of published products in order', async () => {
    await staff.from(BUCKET).upload('keyboards/1/back.jpg', await photo('jpeg', 500, 250), {
      contentType: 'image/jpeg',
    });
    const rest = server.restClient(staffToken);
    const attached = await rest.from('product_photos').insert([
      {
        product_key: 'keyboards:1',
        object_path: 'keyboards/1/back.jpg',
        alt: 'The board from behind',
        position: 1,
      },
      // The size is the stored image's, whatever the writer says.
      {
        product_key: 'keyboards:1',
        object_path: 'keyboards/1/top.jpg',
        alt: 'The board from above',
        position: 0,
        width: 1,
        height: 1,
      },
    ]);
    expect(attached.error).toBeNull();
    const noAlt = await rest.from('product_photos').insert({
      product_key: 'keyboards:1',
      object_path: 'keyboards/1/front.png',
      alt: ' ',
      position: 2,
    });
    expect(noAlt.error).toMatchObject({ code: '23514' });
    const notStored = await rest.from('product_photos').insert({
      product_key: 'keyboards:1',
      object_path: 'keyboards/1/none.png',
      alt: 'x',
      position: 2,
    });
    expect(notStored.error).not.toBeNull();
    const byShopper = await server
      .restClient(shopperAccount.accessToken)
      .from('product_photos')
      .insert({
        product_key: 'keyboards:1',
        object_path: 'keyboards/1/front.png',
        alt: 'x',
        position: 3,
      });
    expect(byShopper.error).toMatchObject({ code: '42501' });

    const list = await server
      .restClient()
      .from('catalogue_products')
      .select('key, photos')
      .eq('key', 'keyboards:1')
      .single();
    expect(list.error).toBeNull();
    expect(list.data?.photos).toEqual([
      expect.objectContaining({
        path: 'keyboards/1/top.jpg',
        alt: 'The board from above',
        width: 640,
        height: 480,
      }),
      expect.objectContaining({
        path: 'keyboards/1/back.jpg',
        alt: 'The board from behind',
        width: 500,
        height: 250,
      }),
    ]);
    expect((list.data?.photos as { version: string }[])[0]?.version).toMatch(/^[0-9a-f-]{36}$/);

    // A product taken out of the shop takes its photos out of the list; staff still see them.
    await db.query(`UPDATE public.products SET status = 'draft' WHERE key = 'keyboards:1'`);
    const hidden = await server
      .restClient()
      .from('catalogue_products')
      .select('key')
      .eq('key', 'keyboards:1');
    expect(hidden.data).toEqual([]);
    const staffView = await rest.from('catalogue_products').select('key').eq('key', 'keyboards:1');
    expect(staffView.data).toHaveLength(1);
    await db.query(`UPDATE public.products SET status = 'published' WHERE key = 'keyboards:1'`);

    // Deleting the file takes the photo off the product.
    await staff.from(BUCKET).remove(['keyboards/1/back.jpg']);
    const after = await server
      .restClient()
      .from('product_photos')
      .select('object_path')
      .eq('product_key', 'keyboards:1');
    expect(after.data).toEqual([{ object_path: 'keyboards/1/top.jpg' }]);
  });
});
