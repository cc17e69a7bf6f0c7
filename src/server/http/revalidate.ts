import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

// Headers that describe a body: a 304 carries none of them (RFC 9110, 15.4.5).
const BODY_HEADERS = ['content-type', 'content-length', 'content-range', 'content-encoding'];

/** Whether If-None-Match names `tag` (weak comparison, as RFC 9110 asks for this header). */
function matches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const tags: string[] = ifNoneMatch.match(/"[^"]*"/g) ?? [];
  return tags.includes(tag);
}

/**
 * Reads a browser keeps and asks again about every time (the catalogue: large, read on every
 * visit, changed by staff at any moment): a 2xx read gets a strong ETag of its body and
 * Content-Range, `Cache-Control: no-cache` and `Vary: Authorization, apikey` (staff see drafts,
 * shoppers do not), and a request whose If-None-Match names the tag gets 304 without a body.
 * The handler still runs: the tag is of what the database holds now. Compression, outside this,
 * makes the tag weak on a compressed body (hono/compress), which If-None-Match still matches.
 *
 * Not hono/etag: it reads the body through a clone and leaves the answer a stream, which on
 * @hono/node-server costs the fast path for string bodies; here the answer is rebuilt from the
 * text (see response-headers.ts).
 */
export const revalidate: MiddlewareHandler = async function revalidate(c, next) {
  await next();
  const method = c.req.method;
  if ((method !== 'GET' && method !== 'HEAD') || !c.res.ok) return;
  const { status } = c.res;
  const headers = new Headers(c.res.headers);
  const body = await c.res.text();
  const digest = createHash('sha256')
    .update(headers.get('content-range') ?? '')
    .update('\n')
    .update(body)
    .digest('base64url');
  const tag = `"${digest}"`;
  headers.set('ETag', tag);
  headers.set('Cache-Control', 'no-cache');
  const vary = headers.get('Vary');
  headers.set('Vary', vary ? `${vary}, Authorization, apikey` : 'Authorization, apikey');
  const notModified = matches(c.req.header('If-None-Match'), tag);
  if (notModified) for (const name of BODY_HEADERS) headers.delete(name);
  // Unset first: Hono's setter would wrap the old answer's body as a stream.
  c.res = undefined;
  c.res = notModified
    ? new Response(null, { status: 304, headers })
    : new Response(body, { status, headers });
};
