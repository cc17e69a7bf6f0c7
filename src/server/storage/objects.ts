// Managing objects, each statement as the caller so row-level security decides: remove (DELETE
// /object/{bucket}), list a folder (POST /object/list/{bucket}), move and copy within what the
// destination bucket accepts. Deleting a row deletes its bytes and renditions with it (foreign
// keys), and removes the photo from any product that showed it.
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { bucketRules } from './buckets.ts';
import { asCaller, asServer, identifyCaller, ownerOf } from './caller.ts';
import { readJson, type StorageContext } from './context.ts';
import {
  entityTooLarge,
  fromDatabaseError,
  invalidRequest,
  keyAlreadyExists,
  noSuchBucket,
  noSuchKey,
} from './errors.ts';
import { bucketParam, checkBucketName, checkKey } from './keys.ts';
import { iso } from './rows.ts';

function objectJson(row: Record<string, unknown>) {
  return {
    ...row,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    last_accessed_at: iso(row.last_accessed_at),
  };
}

/** DELETE /object/{bucket} {prefixes}: the rows deleted; missing and hidden keys are skipped. */
export function removeObjects(ctx: StorageContext) {
  return async (c: Context) => {
    const bucket = bucketParam(c, 'bucket');
    const identity = await identifyCaller(c, ctx.rest);
    const { prefixes } = await readJson<{ prefixes?: unknown }>(c);
    if (
      !Array.isArray(prefixes) ||
      prefixes.length < 1 ||
      prefixes.length > 1000 ||
      !prefixes.every((p) => typeof p === 'string')
    ) {
      throw invalidRequest('body/prefixes must be an array of 1 to 1000 keys');
    }
    const rows = await asCaller(ctx.rest, identity, async (tx) => {
      try {
        const result = await tx.query<Record<string, unknown>>(
          `DELETE FROM storage.objects WHERE bucket_id = $1 AND name = ANY($2::text[])
           RETURNING bucket_id, name, owner, owner_id, version, id, updated_at, created_at,
             last_accessed_at, metadata, user_metadata`,
          [bucket, prefixes],
        );
        return result.rows;
      } catch (err) {
        throw fromDatabaseError(err);
      }
    });
    return c.json(rows.map(objectJson));
  };
}

interface ListBody {
  prefix?: unknown;
  limit?: unknown;
  offset?: unknown;
  search?: unknown;
  sortBy?: { column?: unknown; order?: unknown };
}

const LIST_COLUMNS = new Set(['name', 'updated_at', 'created_at', 'last_accessed_at']);

function listOptions(body: ListBody) {
  if (typeof body.prefix !== 'string') {
    throw invalidRequest("body must have required property 'prefix'");
  }
  const limit = body.limit === undefined ? 100 : body.limit;
  const offset = body.offset === undefined ? 0 : body.offset;
  if (!Number.isInteger(limit) || (limit as number) < 1) {
    throw invalidRequest('body/limit must be >= 1');
  }
  if (!Number.isInteger(offset) || (offset as number) < 0) {
    throw invalidRequest('body/offset must be >= 0');
  }
  const column = body.sortBy?.column ?? 'name';
  if (typeof column !== 'string' || !LIST_COLUMNS.has(column)) {
    throw invalidRequest('body/sortBy/column must be equal to one of the allowed values');
  }
  const order = body.sortBy?.order === 'desc' ? 'DESC' : 'ASC';
  const prefix = body.prefix === '' || body.prefix.endsWith('/') ? body.prefix : `${body.prefix}/`;
  const search = typeof body.search === 'string' ? body.search : '';
  return { prefix, search, limit: Math.min(limit as number, 1500), offset, column, order };
}

/**
 * POST /object/list/{bucket}: one level of a folder, as Supabase's storage.search answers it:
 * names relative to the prefix, sub-folders as entries whose other fields are null; by name
 * (case-insensitive, folders among files) or by a date (folders first). `search` is a
 * case-insensitive starts-with on the names at that level.
 */
export function listObjects(ctx: StorageContext) {
  return async (c: Context) => {
    const bucket = bucketParam(c, 'bucket');
    const identity = await identifyCaller(c, ctx.rest);
    const o = listOptions(await readJson<ListBody>(c));
    const orderBy =
      o.column === 'name'
        ? `lower(name) ${o.order}, name ${o.order}`
        : `(id IS NULL) DESC, ${o.column} ${o.order}, lower(name)`;
    const rows = await asCaller(ctx.rest, identity, async (tx) => {
      const result = await tx.query<Record<string, unknown>>(
        `WITH level AS (
           SELECT substr(o.name, length($2) + 1) AS rest, o.id, o.updated_at, o.created_at,
             o.last_accessed_at, o.metadata
           FROM storage.objects o
           WHERE o.bucket_id = $1 AND starts_with(o.name, $2)
         ), entries AS (
           SELECT DISTINCT split_part(rest, '/', 1) AS name, NULL::uuid AS id,
             NULL::timestamptz AS updated_at, NULL::timestamptz AS created_at,
             NULL::timestamptz AS last_accessed_at, NULL::jsonb AS metadata
           FROM level WHERE strpos(rest, '/') > 0
           UNION ALL
           SELECT rest, id, updated_at, created_at, last_accessed_at, metadata
           FROM level WHERE strpos(rest, '/') = 0
         )
         SELECT * FROM entries
         WHERE starts_with(lower(name), lower($3))
         ORDER BY ${orderBy}
         LIMIT $4 OFFSET $5`,
        [bucket, o.prefix, o.search, o.limit, o.offset],
      );
      return result.rows;
    });
    return c.json(rows.map(objectJson));
  };
}

interface MoveBody {
  bucketId?: unknown;
  sourceKey?: unknown;
  destinationKey?: unknown;
  destinationBucket?: unknown;
}

/**
 * The source and destination of a move or copy. Into another bucket only if that bucket takes the
 * file as it is: one that checks types from the content gets its files by upload, never around it.
 */
async function endpoints(ctx: StorageContext, body: MoveBody) {
  if (typeof body.bucketId !== 'string')
    throw invalidRequest("body must have required property 'bucketId'");
  if (typeof body.sourceKey !== 'string' || typeof body.destinationKey !== 'string') {
    throw invalidRequest("body must have required properties 'sourceKey' and 'destinationKey'");
  }
  const from = { bucket: checkBucketName(body.bucketId), key: checkKey(body.sourceKey) };
  const toBucket =
    typeof body.destinationBucket === 'string'
      ? checkBucketName(body.destinationBucket)
      : from.bucket;
  const to = { bucket: toBucket, key: checkKey(body.destinationKey) };
  const rules = await bucketRules(ctx.db, to.bucket);
  if (!rules || !(await bucketRules(ctx.db, from.bucket))) throw noSuchBucket();
  if (to.bucket !== from.bucket && rules.allowedMimeTypes) {
    throw invalidRequest(`Files enter the bucket ${to.bucket} by upload only`);
  }
  return { from, to, sizeLimit: rules.fileSizeLimit };
}

/** POST /object/move: renames the row in place (SELECT and UPDATE policies, the new name checked). */
export function moveObject(ctx: StorageContext) {
  return async (c: Context) => {
    const identity = await identifyCaller(c, ctx.rest);
    const { from, to, sizeLimit } = await endpoints(ctx, await readJson<MoveBody>(c));
    const moved = await asCaller(ctx.rest, identity, async (tx) => {
      try {
        const result = await tx.query(
          `UPDATE storage.objects SET bucket_id = $3, name = $4, last_accessed_at = now()
           WHERE bucket_id = $1 AND name = $2
             AND ($5::bigint IS NULL OR (metadata ->> 'size')::bigint <= $5)`,
          [from.bucket, from.key, to.bucket, to.key, sizeLimit],
        );
        return result.rowCount;
      } catch (err) {
        throw fromDatabaseError(err);
      }
    });
    if (moved === 0) throw noSuchKey();
    return c.json({ message: 'Successfully moved' });
  };
}

/** POST /object/copy: a new object with the source's bytes (SELECT on it, INSERT on the copy). */
export function copyObject(ctx: StorageContext) {
  return async (c: Context) => {
    const identity = await identifyCaller(c, ctx.rest);
    const { from, to, sizeLimit } = await endpoints(ctx, await readJson<MoveBody>(c));
    const copy = { id: randomUUID(), version: randomUUID() };
    const row = await asCaller(ctx.rest, identity, async (tx) => {
      const source = await tx.query<{ id: string; metadata: Record<string, unknown> }>(
        'SELECT id, metadata, user_metadata FROM storage.objects WHERE bucket_id = $1 AND name = $2',
        [from.bucket, from.key],
      );
      const original = source.rows[0];
      if (!original) throw noSuchKey();
      if (sizeLimit !== null && Number(original.metadata.size) > sizeLimit) throw entityTooLarge();
      try {
        await tx.query(
          `INSERT INTO storage.objects
             (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
           SELECT $1, $2, $3, $4::uuid, $4::text, metadata, user_metadata, $5
           FROM storage.objects WHERE id = $6`,
          [copy.id, to.bucket, to.key, ownerOf(identity), copy.version, original.id],
        );
      } catch (err) {
        throw fromDatabaseError(err, keyAlreadyExists);
      }
      await asServer(tx);
      await tx.query(
        `INSERT INTO storage.object_data (object_id, version, bytes)
         SELECT $1, $2, bytes FROM storage.object_data WHERE object_id = $3`,
        [copy.id, copy.version, original.id],
      );
      const { rows } = await tx.query<Record<string, unknown>>(
        `SELECT bucket_id, name, owner, owner_id, version, id, updated_at, created_at,
           last_accessed_at, metadata, user_metadata FROM storage.objects WHERE id = $1`,
        [copy.id],
      );
      return rows[0] as Record<string, unknown>;
    });
    return c.json({ Id: copy.id, Key: `${to.bucket}/${to.key}`, ...objectJson(row) });
  };
}
