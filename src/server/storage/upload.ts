// POST /object/{bucket}/{key} (upload; x-upsert: true replaces) and PUT (update: always replaces).
// In order, cheapest first: the key, the caller, the bucket, then whether the caller may write
// there at all, before a byte of the body is read; then the body under the bucket's size limit;
// then what the file is (its content, not its name); then the write, row and bytes in one
// transaction, so an object never exists without its bytes or with another version's.
import { createHash, randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { Queryable } from '../db/types.ts';
import { readUpload, type UploadBody } from './body.ts';
import { bucketRules, type BucketRules } from './buckets.ts';
import { asCaller, asServer, identifyCaller, ownerOf, type Identity } from './caller.ts';
import { cleanImage } from './clean.ts';
import type { StorageContext } from './context.ts';
import {
  fromDatabaseError,
  invalidMimeType,
  invalidRequest,
  keyAlreadyExists,
  noSuchBucket,
} from './errors.ts';
import { bucketAndKey } from './keys.ts';
import { imageFormatOf, mimeTypeAllowed, sniffMimeType } from './sniff.ts';

/**
 * The largest file any bucket takes (Supabase's self-hosted default); a bucket's own limit may be
 * lower. The bytes pass through memory and into one bytea value, so it stays far below the 1 GB a
 * PostgreSQL value can hold.
 */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1000 * 1000;

/** The file as it will be stored. */
interface StoredFile {
  bytes: Buffer;
  mimetype: string;
  width?: number;
  height?: number;
}

/** The row write, as the caller: an insert, or with `upsert` an insert that replaces. */
function writeStatement(upsert: boolean): string {
  const insert = `INSERT INTO storage.objects
      (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
    VALUES ($1, $2, $3, $4::uuid, $4::text, $5, $6, $7)`;
  // A plain insert returns nothing: RETURNING would need a SELECT policy Storage does not ask for.
  if (!upsert) return insert;
  return `${insert}
    ON CONFLICT (bucket_id, name) DO UPDATE SET
      owner = EXCLUDED.owner, owner_id = EXCLUDED.owner_id, metadata = EXCLUDED.metadata,
      user_metadata = EXCLUDED.user_metadata, version = EXCLUDED.version, last_accessed_at = now()
    RETURNING id`;
}

interface RowWrite {
  bucket: string;
  key: string;
  upsert: boolean;
  metadata: Record<string, unknown>;
  userMetadata: Record<string, unknown> | null;
  version: string;
}

/** Writes the object's row as the caller; answers its id (a replaced object keeps its own). */
async function writeRow(tx: Queryable, identity: Identity, row: RowWrite): Promise<string> {
  const id = randomUUID();
  try {
    const result = await tx.query<{ id: string }>(writeStatement(row.upsert), [
      id,
      row.bucket,
      row.key,
      ownerOf(identity),
      JSON.stringify(row.metadata),
      row.userMetadata === null ? null : JSON.stringify(row.userMetadata),
      row.version,
    ]);
    return result.rows[0]?.id ?? id;
  } catch (err) {
    throw fromDatabaseError(err, keyAlreadyExists);
  }
}

/** Thrown to roll the rehearsal back once the write went through. */
class Rehearsed extends Error {}

/**
 * Tries the row write as the caller and rolls it back: row-level security and an existing key are
 * known before the body is read and decoded, so a caller who may not upload costs no image work.
 * The real write checks both again.
 */
async function rehearse(ctx: StorageContext, identity: Identity, write: RowWrite): Promise<void> {
  try {
    await asCaller(ctx.rest, identity, async (tx) => {
      await writeRow(tx, identity, write);
      throw new Rehearsed();
    });
  } catch (err) {
    if (!(err instanceof Rehearsed)) throw err;
  }
}

/**
 * What is stored for an upload. A bucket that restricts types gets the type of the content: a
 * file whose bytes are not of an allowed type is refused, whatever its name or declared type, and
 * an image is decoded and re-encoded without its metadata. Other buckets store what was declared.
 */
async function storedFile(
  ctx: StorageContext,
  rules: BucketRules,
  key: string,
  body: UploadBody,
): Promise<StoredFile> {
  // The dashboard's folders: empty objects, never checked (Storage's rule).
  if (key.endsWith('.emptyFolderPlaceholder')) {
    if (body.bytes.length > 0) throw invalidRequest('A folder placeholder must be empty');
    return { bytes: body.bytes, mimetype: body.declaredType };
  }
  if (!rules.allowedMimeTypes) return { bytes: body.bytes, mimetype: body.declaredType };
  const mimetype = sniffMimeType(body.bytes);
  if (!mimeTypeAllowed(mimetype, rules.allowedMimeTypes)) throw invalidMimeType(mimetype);
  const format = imageFormatOf(mimetype);
  if (!format) return { bytes: body.bytes, mimetype };
  const clean = await cleanImage(ctx.images, body.bytes, format);
  return { bytes: clean.bytes, mimetype, width: clean.width, height: clean.height };
}

/** Storage's system metadata of a stored file, plus its size in pixels for an image. */
function systemMetadata(file: StoredFile, cacheControl: string): Record<string, unknown> {
  const size = file.bytes.length;
  return {
    eTag: `"${createHash('md5').update(file.bytes).digest('hex')}"`,
    size,
    mimetype: file.mimetype,
    cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: size,
    httpStatusCode: 200,
    ...(file.width !== undefined ? { width: file.width, height: file.height } : {}),
  };
}

/** The handler of an upload: `replace` for PUT (update), else x-upsert decides. */
export function uploadObject(ctx: StorageContext, options: { replace: boolean }) {
  return async (c: Context) => {
    const { bucket, key } = bucketAndKey(c, '/storage/v1/object/');
    const identity = await identifyCaller(c, ctx.rest);
    const rules = await bucketRules(ctx.db, bucket);
    if (!rules) throw noSuchBucket();
    const upsert = options.replace || c.req.header('x-upsert') === 'true';
    const base = { bucket, key, upsert, userMetadata: null, version: randomUUID() };
    await rehearse(ctx, identity, { ...base, metadata: {} });

    const limit = Math.min(GLOBAL_FILE_SIZE_LIMIT, rules.fileSizeLimit ?? Infinity);
    const body = await readUpload(c, limit);
    const file = await storedFile(ctx, rules, key, body);
    const write: RowWrite = {
      ...base,
      metadata: systemMetadata(file, body.cacheControl),
      userMetadata: body.userMetadata,
    };
    const id = await asCaller(ctx.rest, identity, async (tx) => {
      const objectId = await writeRow(tx, identity, write);
      await asServer(tx);
      await tx.query(
        `INSERT INTO storage.object_data (object_id, version, bytes) VALUES ($1, $2, $3)
         ON CONFLICT (object_id) DO UPDATE SET version = EXCLUDED.version, bytes = EXCLUDED.bytes`,
        [objectId, write.version, file.bytes],
      );
      // The renditions of the version replaced can never be asked for again.
      await tx.query('DELETE FROM storage.renditions WHERE object_id = $1 AND version <> $2', [
        objectId,
        write.version,
      ]);
      return objectId;
    });
    return c.json({ Id: id, Key: `${bucket}/${key}` });
  };
}
