// Finding the object a read names, with the access Storage gives each kind of read: public
// buckets are read by anyone without row-level security (their URLs need no token), private ones
// only where a SELECT policy shows the caller the row. The row is checked as the caller; its bytes
// are then read with the server's rights, in the same transaction.
import type { Queryable } from '../db/types.ts';
import { bucketRules } from './buckets.ts';
import { asCaller, asServer, type Identity } from './caller.ts';
import type { StorageContext } from './context.ts';
import { noSuchBucket, noSuchKey } from './errors.ts';
import { bytesOf } from './rows.ts';

/** Storage's system metadata of an object (what the upload measured). */
export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  width?: number;
  height?: number;
}

export interface StoredObject {
  id: string;
  bucket: string;
  name: string;
  version: string;
  metadata: ObjectMetadata;
  userMetadata: Record<string, unknown> | null;
  createdAt: Date;
  updatedAt: Date;
  /** Present when asked for. */
  bytes?: Buffer;
}

/** Who reads: anyone by a public URL, or a caller (row-level security unless the bucket is public). */
export type ReadAccess =
  { kind: 'public' } | { kind: 'caller'; identity: Identity; alwaysRls?: boolean };

const COLUMNS = `o.id, o.bucket_id, o.name, o.version, o.metadata, o.user_metadata, o.created_at,
  o.updated_at`;

function storedObject(row: Record<string, unknown>): StoredObject {
  const metadata =
    typeof row.metadata === 'string' ? JSON.parse(row.metadata) : (row.metadata ?? {});
  return {
    id: String(row.id),
    bucket: String(row.bucket_id),
    name: String(row.name),
    version: String(row.version),
    metadata: metadata as ObjectMetadata,
    userMetadata: (row.user_metadata as Record<string, unknown> | null) ?? null,
    createdAt: new Date(row.created_at as string),
    updatedAt: new Date(row.updated_at as string),
    ...(row.bytes !== undefined && row.bytes !== null ? { bytes: bytesOf(row.bytes) } : {}),
  };
}

/** The object by key, with the server's rights; its bytes too when `withBytes`. */
async function readAsServer(db: Queryable, bucket: string, key: string, withBytes: boolean) {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT b.public, ${COLUMNS}${withBytes ? ', d.bytes' : ''}
     FROM storage.buckets b
     LEFT JOIN storage.objects o ON o.bucket_id = b.id AND o.name = $2
     ${withBytes ? 'LEFT JOIN storage.object_data d ON d.object_id = o.id' : ''}
     WHERE b.id = $1`,
    [bucket, key],
  );
  return rows[0];
}

/** The object as the caller sees it (row-level security), then with the server's rights. */
async function readAsCaller(
  ctx: StorageContext,
  identity: Identity,
  bucket: string,
  key: string,
  withBytes: boolean,
) {
  return asCaller(ctx.rest, identity, async (tx) => {
    const seen = await tx.query<{ id: string }>(
      'SELECT id FROM storage.objects WHERE bucket_id = $1 AND name = $2',
      [bucket, key],
    );
    const id = seen.rows[0]?.id;
    if (!id) return undefined;
    await asServer(tx);
    const { rows } = await tx.query<Record<string, unknown>>(
      `SELECT ${COLUMNS}${withBytes ? ', d.bytes' : ''} FROM storage.objects o
       ${withBytes ? 'LEFT JOIN storage.object_data d ON d.object_id = o.id' : ''}
       WHERE o.id = $1`,
      [id],
    );
    return rows[0];
  });
}

/**
 * The object `key` of `bucket` as `access` may read it: NoSuchBucket when the bucket is missing
 * (or private and read by a public URL or without a token), NoSuchKey when the object is missing
 * or hidden.
 */
export async function readObject(
  ctx: StorageContext,
  bucket: string,
  key: string,
  access: ReadAccess,
  withBytes: boolean,
): Promise<StoredObject> {
  let row: Record<string, unknown> | undefined;
  if (access.kind === 'public') {
    row = await readAsServer(ctx.db, bucket, key, withBytes);
    if (!row || row.public !== true) throw noSuchBucket();
  } else {
    const rules = await bucketRules(ctx.db, bucket);
    if (!rules || (!rules.public && access.identity.role === 'anon')) throw noSuchBucket();
    row =
      rules.public && !access.alwaysRls
        ? await readAsServer(ctx.db, bucket, key, withBytes)
        : await readAsCaller(ctx, access.identity, bucket, key, withBytes);
  }
  if (!row || row.id === null || row.id === undefined) throw noSuchKey();
  const object = storedObject(row);
  if (withBytes && !object.bytes) throw noSuchKey();
  return object;
}

/** The bytes of `object` as it is now, if it still is that version. */
export async function readBytes(db: Queryable, object: StoredObject): Promise<Buffer | undefined> {
  const { rows } = await db.query<{ bytes: unknown }>(
    'SELECT bytes FROM storage.object_data WHERE object_id = $1 AND version = $2',
    [object.id, object.version],
  );
  return rows[0] ? bytesOf(rows[0].bytes) : undefined;
}
