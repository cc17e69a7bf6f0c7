// Renditions made once and kept. A resized photo is the same bytes for every shopper with the same
// Accept, so it is made on its first request and stored in storage.renditions, keyed by the
// object's version and the parameters: later requests, on any instance, are a read. Requests for
// the same rendition at the same moment on one instance share one make; two instances racing make
// it twice at most, and both then serve the one that was stored first.
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import { imageError } from './clean.ts';
import { noSuchKey } from './errors.ts';
import { MAX_INPUT_PIXELS, type ImageWorker } from './images.ts';
import { readBytes, type StoredObject } from './read.ts';
import { bytesOf } from './rows.ts';
import type { ImageFormat } from './sniff.ts';
import type { Resize, Transform } from './transform.ts';

export interface Rendition {
  bytes: Buffer;
  contentType: string;
  etag: string;
}

/** What identifies a rendition: the object's version and the parameters, format included. */
interface RenditionKey {
  object: StoredObject;
  width: number;
  height: number;
  resize: Resize;
  quality: number;
  format: ImageFormat;
}

/**
 * At most this many renditions are kept per version of an object. Anyone may ask for any size,
 * so the table would otherwise grow with every width a script tries; past the cap, a rendition is
 * still made (one of the worker's few places) but not kept. A storefront asks for a handful.
 */
export const MAX_RENDITIONS_PER_OBJECT = 48;

const FIT = { cover: 'cover', contain: 'inside', fill: 'fill' } as const;

function encodeOptions(format: ImageFormat, quality: number): object {
  switch (format) {
    case 'avif':
      // A lower effort than sharp's default: the first shopper waits for it.
      return { quality, effort: 2 };
    case 'webp':
    case 'jpeg':
      return { quality };
    default:
      // PNG and GIF: lossless; sharp's PNG quality would switch to a reduced palette.
      return {};
  }
}

function params(key: RenditionKey): unknown[] {
  return [
    key.object.id,
    key.object.version,
    key.width,
    key.height,
    key.resize,
    key.quality,
    key.format,
  ];
}

const MATCH = `object_id = $1 AND version = $2 AND width = $3 AND height = $4 AND resize = $5
  AND quality = $6 AND format = $7`;

async function stored(db: Queryable, key: RenditionKey): Promise<Rendition | undefined> {
  const { rows } = await db.query<{ bytes: unknown; content_type: string; etag: string }>(
    `SELECT bytes, content_type, etag FROM storage.renditions WHERE ${MATCH}`,
    params(key),
  );
  const row = rows[0];
  return row && { bytes: bytesOf(row.bytes), contentType: row.content_type, etag: row.etag };
}

async function make(images: ImageWorker, source: Buffer, key: RenditionKey): Promise<Rendition> {
  const bytes = await images.run(async (sharp) => {
    try {
      let image = sharp(source, { limitInputPixels: MAX_INPUT_PIXELS });
      if (key.width || key.height) {
        image = image.resize({
          ...(key.width ? { width: key.width } : {}),
          ...(key.height ? { height: key.height } : {}),
          fit: FIT[key.resize],
          withoutEnlargement: true,
        });
      }
      return await image.toFormat(key.format, encodeOptions(key.format, key.quality)).toBuffer();
    } catch (err) {
      throw imageError(err);
    }
  });
  const etag = `"${createHash('md5').update(bytes).digest('hex')}"`;
  return { bytes, contentType: `image/${key.format}`, etag };
}

/**
 * Keeps `made` unless the object has its share already or changed meanwhile; answers what is
 * stored, which is another instance's copy if that one came first.
 */
async function keep(db: Queryable, key: RenditionKey, made: Rendition): Promise<Rendition> {
  const { rows } = await db.query<{ etag: string }>(
    `INSERT INTO storage.renditions
       (object_id, version, width, height, resize, quality, format, content_type, etag, bytes)
     SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10
     WHERE EXISTS (SELECT 1 FROM storage.objects WHERE id = $1 AND version = $2)
       AND (SELECT count(*) FROM storage.renditions WHERE object_id = $1 AND version = $2) < $11
     ON CONFLICT DO NOTHING
     RETURNING etag`,
    [...params(key), made.contentType, made.etag, made.bytes, MAX_RENDITIONS_PER_OBJECT],
  );
  if (rows.length > 0) return made;
  return (await stored(db, key)) ?? made;
}

/** Renditions: stored ones read, missing ones made once per instance at a time. */
export function createRenditions(db: Queryable, images: ImageWorker) {
  const making = new Map<string, Promise<Rendition>>();

  async function storedOrMade(key: RenditionKey): Promise<Rendition> {
    const found = await stored(db, key);
    if (found) return found;
    const source = await readBytes(db, key.object);
    // Replaced or deleted since it was read: what was asked for no longer exists.
    if (!source) throw noSuchKey();
    return keep(db, key, await make(images, source, key));
  }

  return {
    /** The rendition of `object` for `transform` in `format`. */
    get(object: StoredObject, transform: Transform, format: ImageFormat): Promise<Rendition> {
      const key: RenditionKey = {
        object,
        width: transform.width,
        height: transform.height,
        resize: transform.resize,
        quality: transform.quality,
        format,
      };
      const id = JSON.stringify(params(key));
      let pending = making.get(id);
      if (!pending) {
        pending = storedOrMade(key).finally(() => making.delete(id));
        making.set(id, pending);
      }
      return pending;
    },
  };
}

export type Renditions = ReturnType<typeof createRenditions>;
