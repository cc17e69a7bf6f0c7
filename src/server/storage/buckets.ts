// Buckets: read as the caller (row-level security on storage.buckets decides who sees which), and
// written only where a policy allows it. The shop grants no bucket writes: its bucket and limits
// come from a migration (supabase/migrations/20261128140000_product_photos.sql), since a bucket's
// allowed types and size limit are part of what keeps hostile files out.
import type { Context } from 'hono';
import type { Queryable } from '../db/types.ts';
import { asCaller, identifyCaller, ownerOf } from './caller.ts';
import {
  accessDenied,
  bucketAlreadyExists,
  bucketNotEmpty,
  fromDatabaseError,
  invalidRequest,
  noSuchBucket,
  serviceRoleOnly,
} from './errors.ts';
import { checkBucketName, bucketParam } from './keys.ts';
import { readJson, type StorageContext } from './context.ts';
import { iso } from './rows.ts';

/** What the server needs of a bucket to accept an upload or serve a file. */
export interface BucketRules {
  id: string;
  public: boolean;
  fileSizeLimit: number | null;
  allowedMimeTypes: string[] | null;
}

/**
 * A bucket's rules, read with the server's own rights: the limits apply whoever uploads, and a
 * public bucket is served to anyone. Undefined when there is no such bucket.
 */
export async function bucketRules(db: Queryable, id: string): Promise<BucketRules | undefined> {
  const { rows } = await db.query<{
    id: string;
    public: boolean | null;
    file_size_limit: number | string | null;
    allowed_mime_types: string[] | null;
  }>('SELECT id, public, file_size_limit, allowed_mime_types FROM storage.buckets WHERE id = $1', [
    id,
  ]);
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: row.id,
    public: row.public === true,
    fileSizeLimit: row.file_size_limit === null ? null : Number(row.file_size_limit),
    allowedMimeTypes: row.allowed_mime_types,
  };
}

const BUCKET_COLUMNS = `id, name, owner, public, type, file_size_limit, allowed_mime_types,
  created_at, updated_at`;

function bucketJson(row: Record<string, unknown>, withType: boolean) {
  return {
    id: row.id,
    name: row.name,
    owner: row.owner ?? '',
    public: row.public === true,
    ...(withType ? { type: row.type } : {}),
    file_size_limit: row.file_size_limit === null ? null : Number(row.file_size_limit),
    allowed_mime_types: row.allowed_mime_types ?? null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

const SORT_COLUMNS = new Set(['id', 'name', 'created_at', 'updated_at']);

/** GET /bucket: the buckets the caller may see; `search`, sort and page as storage-js sends them. */
export function listBuckets(ctx: StorageContext) {
  return async (c: Context) => {
    const identity = await identifyCaller(c, ctx.rest);
    const q = c.req.query();
    const limit = q.limit === undefined ? null : Number(q.limit);
    const offset = q.offset === undefined ? 0 : Number(q.offset);
    if (limit !== null && !(Number.isInteger(limit) && limit >= 0)) {
      throw invalidRequest('querystring/limit must be integer');
    }
    if (!(Number.isInteger(offset) && offset >= 0)) {
      throw invalidRequest('querystring/offset must be integer');
    }
    const column = q.sortColumn ?? 'id';
    if (!SORT_COLUMNS.has(column)) throw invalidRequest('querystring/sortColumn is not allowed');
    const order = q.sortOrder === 'desc' ? 'DESC' : 'ASC';
    const rows = await asCaller(ctx.rest, identity, async (tx) => {
      const result = await tx.query<Record<string, unknown>>(
        `SELECT ${BUCKET_COLUMNS} FROM storage.buckets
         WHERE $1::text IS NULL OR strpos(lower(name), lower($1)) > 0
         ORDER BY ${column} ${order} LIMIT $2 OFFSET $3`,
        [q.search ?? null, limit, offset],
      );
      return result.rows;
    });
    return c.json(rows.map((row) => bucketJson(row, true)));
  };
}

/** GET /bucket/{id}: one bucket, if the caller may see it. */
export function getBucket(ctx: StorageContext) {
  return async (c: Context) => {
    const id = bucketParam(c, 'id');
    const identity = await identifyCaller(c, ctx.rest);
    const row = await asCaller(ctx.rest, identity, async (tx) => {
      const result = await tx.query<Record<string, unknown>>(
        `SELECT ${BUCKET_COLUMNS} FROM storage.buckets WHERE id = $1`,
        [id],
      );
      return result.rows[0];
    });
    if (!row) throw noSuchBucket();
    return c.json(bucketJson(row, false));
  };
}

interface BucketBody {
  id?: unknown;
  name?: unknown;
  public?: unknown;
  file_size_limit?: unknown;
  allowed_mime_types?: unknown;
}

const MIME_PATTERN = /^[a-z0-9!#$&^_.+-]+\/(\*|[a-z0-9!#$&^_.+-]+)(;.*)?$/i;
const SIZE_UNITS: Record<string, number> = { B: 1, KB: 1e3, MB: 1e6, GB: 1e9 };

/** A bucket's size limit: integer bytes or "5MB" (decimal units, as Supabase counts them). */
function parseSizeLimit(value: unknown): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  const match = typeof value === 'string' ? /^(\d+)\s*(B|KB|MB|GB)?$/i.exec(value.trim()) : null;
  if (!match) throw invalidRequest('body/file_size_limit must be an integer or a size like 5MB');
  return Number(match[1]) * (SIZE_UNITS[(match[2] ?? 'B').toUpperCase()] ?? 1);
}

function parseMimeTypes(value: unknown): string[] | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && MIME_PATTERN.test(v))) {
    throw invalidRequest('body/allowed_mime_types must be an array of type/subtype strings');
  }
  return value as string[];
}

/** POST /bucket: creates a bucket where a policy lets the caller (none does in this shop). */
export function createBucket(ctx: StorageContext) {
  return async (c: Context) => {
    const identity = await identifyCaller(c, ctx.rest);
    const body = await readJson<BucketBody>(c);
    const name = typeof body.name === 'string' ? body.name : body.id;
    if (typeof name !== 'string') throw invalidRequest("body must have required property 'name'");
    checkBucketName(name);
    const id = typeof body.id === 'string' ? checkBucketName(body.id) : name;
    const params = [
      id,
      name,
      ownerOf(identity),
      body.public === true,
      parseSizeLimit(body.file_size_limit),
      parseMimeTypes(body.allowed_mime_types),
    ];
    await asCaller(ctx.rest, identity, async (tx) => {
      try {
        await tx.query(
          `INSERT INTO storage.buckets
             (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
           VALUES ($1, $2, $3::uuid, $3::text, $4, $5, $6)`,
          params,
        );
      } catch (err) {
        throw fromDatabaseError(err, bucketAlreadyExists);
      }
    });
    return c.json({ name: id });
  };
}

/** PUT /bucket/{id}: changes a bucket's settings where a policy allows it. */
export function updateBucket(ctx: StorageContext) {
  return async (c: Context) => {
    const id = bucketParam(c, 'id');
    const identity = await identifyCaller(c, ctx.rest);
    const body = await readJson<BucketBody>(c);
    const updated = await asCaller(ctx.rest, identity, async (tx) => {
      try {
        const result = await tx.query(
          `UPDATE storage.buckets SET
             public = coalesce($2, public),
             file_size_limit = CASE WHEN $3 THEN $4 ELSE file_size_limit END,
             allowed_mime_types = CASE WHEN $5 THEN $6 ELSE allowed_mime_types END,
             updated_at = now()
           WHERE id = $1`,
          [
            id,
            typeof body.public === 'boolean' ? body.public : null,
            'file_size_limit' in body,
            parseSizeLimit(body.file_size_limit),
            'allowed_mime_types' in body,
            parseMimeTypes(body.allowed_mime_types),
          ],
        );
        return result.rowCount;
      } catch (err) {
        throw fromDatabaseError(err);
      }
    });
    if (updated === 0) throw await hiddenOrMissing(ctx, id);
    return c.json({ message: 'Successfully updated' });
  };
}

/** DELETE /bucket/{id}: removes an empty bucket where a policy allows it. */
export function deleteBucket(ctx: StorageContext) {
  return async (c: Context) => {
    const id = bucketParam(c, 'id');
    const identity = await identifyCaller(c, ctx.rest);
    const deleted = await asCaller(ctx.rest, identity, async (tx) => {
      try {
        return (await tx.query('DELETE FROM storage.buckets WHERE id = $1', [id])).rowCount;
      } catch (err) {
        // Its objects reference it: Storage refuses to delete a bucket that is not empty.
        if ((err as { code?: unknown }).code === '23503') throw bucketNotEmpty();
        throw fromDatabaseError(err);
      }
    });
    if (deleted === 0) throw await hiddenOrMissing(ctx, id);
    return c.json({ message: 'Successfully deleted' });
  };
}

/** POST /bucket/{id}/empty: Supabase keeps it for the service role, which this server has not. */
export function emptyBucket() {
  return () => {
    throw serviceRoleOnly();
  };
}

/** A write that touched no bucket: refused by a policy if the bucket exists, else not found. */
async function hiddenOrMissing(ctx: StorageContext, id: string) {
  return (await bucketRules(ctx.db, id)) ? accessDenied() : noSuchBucket();
}
