// GET /render/image/public/{bucket}/{key} and /render/image/authenticated/...: a resized photo in
// the format the browser takes best. Its URL names the object and the parameters, and the object's
// version changes the stored rendition (pages put it in the URL: catalogue_products' photo version), so
// the answer is cached for a year as immutable; Vary: Accept because the bytes depend on it.
import type { Context } from 'hono';
import { identifyCaller } from './caller.ts';
import type { StorageContext } from './context.ts';
import { invalidImage } from './errors.ts';
import { bucketAndKey } from './keys.ts';
import { readObject, type ReadAccess } from './read.ts';
import type { Renditions } from './renditions.ts';
import { sendFile } from './respond.ts';
import { imageFormatOf } from './sniff.ts';
import { describe, outputFormat, parseTransform } from './transform.ts';

export const RENDITION_CACHE_CONTROL = 'public, max-age=31536000, immutable';

async function renderFor(
  c: Context,
  ctx: StorageContext,
  renditions: Renditions,
  prefix: string,
  access: (c: Context) => Promise<ReadAccess>,
): Promise<Response> {
  const { bucket, key } = bucketAndKey(c, prefix);
  const transform = parseTransform(c.req.query());
  const object = await readObject(ctx, bucket, key, await access(c), false);
  const source = imageFormatOf(object.metadata.mimetype);
  if (!source) throw invalidImage('The source is not an image this server can transform');
  const format = outputFormat(transform, source, c.req.header('accept'));
  const rendition = await renditions.get(object, transform, format);
  return sendFile(c, {
    bytes: rendition.bytes,
    size: rendition.bytes.length,
    contentType: rendition.contentType,
    etag: rendition.etag,
    lastModified: object.updatedAt,
    cacheControl: RENDITION_CACHE_CONTROL,
    headers: { Vary: 'Accept', 'X-Transformations': describe(transform) },
  });
}

/** A rendition by its public URL: no token, public buckets only. */
export function renderPublic(ctx: StorageContext, renditions: Renditions) {
  return (c: Context) =>
    renderFor(c, ctx, renditions, '/storage/v1/render/image/public/', async () => ({
      kind: 'public',
    }));
}

/** A rendition for the caller: row-level security applies even in a public bucket (Storage's rule). */
export function renderAuthenticated(ctx: StorageContext, renditions: Renditions) {
  return (c: Context) =>
    renderFor(c, ctx, renditions, '/storage/v1/render/image/authenticated/', async (request) => ({
      kind: 'caller',
      identity: await identifyCaller(request, ctx.rest),
      alwaysRls: true,
    }));
}
