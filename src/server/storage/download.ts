// Reading files: GET/HEAD /object/public/{bucket}/{key} (no token: what an <img> loads),
// GET/HEAD /object/{bucket}/{key} and /object/authenticated/... (storage-js download(): a missing
// or bad token reads as anon, as on Supabase) and GET /object/info/{bucket}/{key}.
import type { Context } from 'hono';
import { identifyCaller } from './caller.ts';
import type { StorageContext } from './context.ts';
import { bucketAndKey } from './keys.ts';
import { readObject, type ReadAccess, type StoredObject } from './read.ts';
import { sendFile } from './respond.ts';

function answerFile(c: Context, object: StoredObject): Response {
  const meta = object.metadata;
  return sendFile(c, {
    ...(object.bytes ? { bytes: object.bytes } : {}),
    size: meta.size,
    contentType: meta.mimetype,
    etag: meta.eTag,
    lastModified: object.updatedAt,
    cacheControl: meta.cacheControl,
  });
}

/** A file by its public URL. */
export function downloadPublic(ctx: StorageContext) {
  return async (c: Context) => {
    const { bucket, key } = bucketAndKey(c, '/storage/v1/object/public/');
    const head = c.req.method === 'HEAD';
    return answerFile(c, await readObject(ctx, bucket, key, { kind: 'public' }, !head));
  };
}

/** A file as the caller may read it; `prefix` is the route's ("/object/" or "/object/authenticated/"). */
export function download(ctx: StorageContext, prefix: string) {
  return async (c: Context) => {
    const { bucket, key } = bucketAndKey(c, prefix);
    const identity = await identifyCaller(c, ctx.rest, { lenient: true });
    const access: ReadAccess = { kind: 'caller', identity };
    const head = c.req.method === 'HEAD';
    return answerFile(c, await readObject(ctx, bucket, key, access, !head));
  };
}

/** What storage-js info() reads: the object's row as Storage's getObjectInfo answers it. */
export function info(ctx: StorageContext) {
  return async (c: Context) => {
    const { bucket, key } = bucketAndKey(c, '/storage/v1/object/info/');
    const identity = await identifyCaller(c, ctx.rest, { lenient: true });
    const object = await readObject(ctx, bucket, key, { kind: 'caller', identity }, false);
    const meta = object.metadata;
    return c.json({
      id: object.id,
      version: object.version,
      name: object.name,
      bucket_id: object.bucket,
      created_at: object.createdAt.toISOString(),
      updated_at: object.updatedAt.toISOString(),
      last_modified: meta.lastModified,
      size: meta.size,
      content_type: meta.mimetype,
      cache_control: meta.cacheControl,
      etag: meta.eTag,
      metadata: object.userMetadata,
      ...(meta.width !== undefined ? { width: meta.width, height: meta.height } : {}),
    });
  };
}
