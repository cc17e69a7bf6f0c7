// Photos with several server instances on one database (docs/decisions/0046-photos-in-the-
// database.md): the bytes and renditions live in PostgreSQL, so an instance serves a photo another
// one stored, with no shared disk and no other service, and a rendition one instance made is the
// one every instance serves. Two instances on PostgreSQL each have their own pool, as two
// processes would; on PGlite they share the one in-process database.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import {
  databaseTargets,
  signUpStaff,
  startTestServer,
  storageClientFor,
  type ClientTarget,
  type TestServer,
} from '../test-support/index.ts';

const BUCKET = 'product-photos';

describe.each(databaseTargets())('photos across two instances on $name', (target) => {
  let server: TestServer;
  let second: ClientTarget;

  /** The same shop through instance `app`. */
  const through = (app: Hono): ClientTarget => ({
    url: server.url,
    anonKey: server.anonKey,
    fetch: (input, init) => Promise.resolve(app.request(new Request(input, init))),
  });

  beforeAll(async () => {
    server = await startTestServer({ target, instances: 2 });
    second = through(server.apps[1] as Hono);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a photo uploaded through one instance is served, and rendered once, by both', async () => {
    const staff = await signUpStaff(server);
    const photo = await sharp({
      create: { width: 900, height: 600, channels: 3, background: '#884422' },
    })
      .jpeg()
      .toBuffer();
    const uploaded = await storageClientFor(server, staff.token)
      .from(BUCKET)
      .upload('keyboards/2/shared.jpg', photo, { contentType: 'image/jpeg' });
    expect(uploaded.error).toBeNull();

    // The original, by its public URL, from the instance that did not store it.
    const other = storageClientFor(second);
    const url = other.from(BUCKET).getPublicUrl('keyboards/2/shared.jpg').data.publicUrl;
    const original = await second.fetch(url);
    expect(original.status).toBe(200);
    const bytes = Buffer.from(await original.arrayBuffer());
    expect((await sharp(bytes).metadata()).width).toBe(900);
    const first = await server.fetch(url);
    expect(Buffer.from(await first.arrayBuffer()).equals(bytes)).toBe(true);

    // The same rendition asked of both instances at once: each serves the one that was kept.
    const renderUrl = other.from(BUCKET).getPublicUrl('keyboards/2/shared.jpg', {
      transform: { width: 300 },
    }).data.publicUrl;
    const [a, b] = await Promise.all(
      [server, second].map((to) => to.fetch(renderUrl, { headers: { Accept: 'image/webp' } })),
    );
    const [bytesA, bytesB] = await Promise.all(
      [a, b].map(async (r) => Buffer.from(await (r as Response).arrayBuffer())),
    );
    expect([a?.status, b?.status]).toEqual([200, 200]);
    expect(a?.headers.get('etag')).toBe(b?.headers.get('etag'));
    expect(bytesA?.equals(bytesB as Buffer)).toBe(true);
    const { rows } = await server.db.query<{ n: number; etag: string }>(
      `SELECT count(*)::int AS n, min(etag) AS etag FROM storage.renditions r
       JOIN storage.objects o ON o.id = r.object_id WHERE o.name = 'keyboards/2/shared.jpg'`,
    );
    expect(rows[0]).toEqual({ n: 1, etag: a?.headers.get('etag') });
    expect((await sharp(bytesA as Buffer).metadata()).width).toBe(300);
  });
});
