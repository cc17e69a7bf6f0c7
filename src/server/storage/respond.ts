// Sending a stored file: the headers Supabase Storage sends (type, length, ETag, Last-Modified,
// Cache-Control), conditional requests answered 304, one byte range answered 206, and `?download`
// as an attachment. Types a browser would run as a page on the shop's origin are sent as plain
// text, so a file can never become a script of the shop.
import type { Context } from 'hono';

/** What is sent about a file; `bytes` is omitted for HEAD. */
export interface FileAnswer {
  bytes?: Buffer;
  size: number;
  contentType: string;
  etag: string;
  lastModified: Date;
  cacheControl: string;
  /** Headers of this kind of answer (a rendition's Vary, X-Transformations...). */
  headers?: Record<string, string>;
}

/** Supabase serves text/html as text/plain; so are the other types a browser renders as a page. */
const ACTIVE_TYPES =
  /^\s*(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml)\b/i;

function servedType(contentType: string): string {
  return ACTIVE_TYPES.test(contentType) ? 'text/plain; charset=utf-8' : contentType;
}

function notModified(c: Context, answer: FileAnswer): boolean {
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch !== undefined) {
    const tags = ifNoneMatch.split(',').map((t) => t.trim().replace(/^W\//, ''));
    return tags.includes('*') || tags.includes(answer.etag);
  }
  const since = Date.parse(c.req.header('if-modified-since') ?? '');
  return !Number.isNaN(since) && Math.floor(answer.lastModified.getTime() / 1000) * 1000 <= since;
}

/** One range of `size` bytes from a Range header, null if unsatisfiable, undefined if none. */
function byteRange(header: string | undefined, size: number): [number, number] | null | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start <= end && start < size ? [start, end] : null;
}

function disposition(download: string | undefined): string | undefined {
  if (download === undefined) return undefined;
  if (download === '') return 'attachment;';
  const name = download.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename=${name}; filename*=UTF-8''${encodeURIComponent(download)}`;
}

/** A Buffer as a body (its memory is a plain ArrayBuffer: Buffers from pg and PGlite are). */
function body(bytes: Buffer | undefined): Uint8Array<ArrayBuffer> | null {
  return bytes ? (bytes as Uint8Array<ArrayBuffer>) : null;
}

/** Answers `answer` to the request: 200, 206, 304 or 416. */
export function sendFile(c: Context, answer: FileAnswer): Response {
  const headers: Record<string, string> = {
    'Content-Type': servedType(answer.contentType),
    ETag: answer.etag,
    'Last-Modified': answer.lastModified.toUTCString(),
    'Cache-Control': answer.cacheControl,
    'Accept-Ranges': 'bytes',
    ...answer.headers,
  };
  const attachment = disposition(c.req.query('download'));
  if (attachment) headers['Content-Disposition'] = attachment;
  if (notModified(c, answer)) {
    delete headers['Content-Type'];
    return c.body(null, 304, headers);
  }
  const range = byteRange(c.req.header('range'), answer.size);
  if (range === null) {
    return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${answer.size}` });
  }
  if (range) {
    const [start, end] = range;
    headers['Content-Range'] = `bytes ${start}-${end}/${answer.size}`;
    headers['Content-Length'] = String(end - start + 1);
    return c.body(
      body(answer.bytes?.subarray(start, end + 1)) as Uint8Array<ArrayBuffer>,
      206,
      headers,
    );
  }
  headers['Content-Length'] = String(answer.size);
  return c.body(body(answer.bytes) as Uint8Array<ArrayBuffer>, 200, headers);
}
