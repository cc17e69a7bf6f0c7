// An upload's body, as storage-js sends it: multipart/form-data (a Blob or File: the first file
// part, and the fields before it) or the raw bytes (a Buffer, a stream) with the type, cache
// control and metadata in headers. The size limit is enforced while the bytes arrive: past it the
// reading stops and the answer is EntityTooLarge, so a hostile body costs at most the limit.
import type { Context } from 'hono';
import { HttpError } from '../http/errors.ts';
import { entityTooLarge, invalidMimeType, invalidRequest } from './errors.ts';

/** What an upload carries besides its bytes, as the uploader declared it. */
export interface UploadBody {
  bytes: Buffer;
  /** The declared type; checked against the content where the bucket restricts types. */
  declaredType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

/** Room for a multipart body's boundaries, part headers and fields around the file. */
const MULTIPART_OVERHEAD = 1024 * 1024 + 64 * 1024;
const TOKEN = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+(\s*;.*)?$/i;
const HEADER_VALUE = /^[\x20-\x7e]{1,256}$/;

/** The body's rest stays unread: the connection cannot carry another request after this answer. */
function tooLarge(): HttpError {
  const err = entityTooLarge();
  return new HttpError(err.status, err.body, { Connection: 'close' });
}

/** Reads the body, up to `cap` bytes: past that, stops reading and refuses. */
async function readAtMost(c: Context, cap: number): Promise<Buffer> {
  const declared = Number(c.req.header('content-length'));
  if (declared > cap) throw tooLarge();
  const stream = c.req.raw.body;
  if (!stream) return Buffer.alloc(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > cap) {
      void reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

function checkedCacheControl(value: string): string {
  if (!HEADER_VALUE.test(value)) throw invalidRequest('cacheControl must be a short header value');
  return value;
}

function parseMetadata(json: string | undefined): Record<string, unknown> | null {
  if (json === undefined || json === '') return null;
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // Answered below, as any other value that is not an object.
  }
  throw invalidRequest('metadata must be a JSON object');
}

/** A multipart upload: the first file part and the text fields before it (Storage's rule). */
async function readMultipart(c: Context, contentType: string, limit: number) {
  const raw = await readAtMost(c, limit + MULTIPART_OVERHEAD);
  let form: FormData;
  try {
    form = await new Response(raw as Uint8Array<ArrayBuffer>, {
      headers: { 'content-type': contentType },
    }).formData();
  } catch {
    throw invalidRequest('The multipart body could not be read');
  }
  const fields = new Map<string, string>();
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') {
      fields.set(name, value);
      continue;
    }
    if (value.size > limit) throw tooLarge();
    const cacheControl = fields.get('cacheControl');
    return {
      bytes: Buffer.from(await value.arrayBuffer()),
      declaredType: fields.get('contentType') ?? (value.type || 'application/octet-stream'),
      cacheControl: cacheControl ? checkedCacheControl(`max-age=${cacheControl}`) : 'no-cache',
      userMetadata: parseMetadata(fields.get('metadata')),
    };
  }
  throw invalidRequest('The multipart body has no file');
}

/** A raw upload: the bytes are the body; type, cache control and metadata come in headers. */
async function readRaw(c: Context, contentType: string | undefined, limit: number) {
  const bytes = await readAtMost(c, limit);
  const encoded = c.req.header('x-metadata');
  let metadata: string | undefined;
  if (encoded) metadata = Buffer.from(encoded, 'base64').toString('utf8');
  return {
    bytes,
    declaredType: contentType ?? 'application/octet-stream',
    cacheControl: checkedCacheControl(c.req.header('cache-control') ?? 'no-cache'),
    userMetadata: parseMetadata(metadata),
  };
}

/** Reads an upload of at most `limit` bytes of file. */
export async function readUpload(c: Context, limit: number): Promise<UploadBody> {
  const contentType = c.req.header('content-type');
  if (contentType !== undefined && !TOKEN.test(contentType.trim())) {
    const err = invalidMimeType('');
    throw new HttpError(err.status, { ...err.body, message: 'Invalid Content-Type header' });
  }
  return /^multipart\/form-data/i.test(contentType ?? '')
    ? readMultipart(c, contentType as string, limit)
    : readRaw(c, contentType, limit);
}
