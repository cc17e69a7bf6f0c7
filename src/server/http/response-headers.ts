import type { Context, MiddlewareHandler } from 'hono';

type SetHeader = (name: string, value?: string, options?: { append?: boolean }) => void;

/**
 * Headers set after the handler answered (security headers, CORS, compression's Vary) go into
 * the finished response in place. Hono's own `c.header()` on a finished response builds a new
 * Response around the old one's body, and on @hono/node-server reading that body turns a string
 * into a web stream that is then read back chunk by chunk: about a fifth of the server's time on
 * an order-history request. In place is what Hono itself does once a body has been read; a
 * response whose headers cannot change (Response.redirect(), a fetch() result) still gets Hono's
 * copy.
 */
export const headersInPlace: MiddlewareHandler = async function headersInPlace(c, next) {
  const copying = c.header as SetHeader;
  const inPlace: SetHeader = (name, value, options) => {
    if (c.finalized && setInPlace(c, name, value, options?.append ?? false)) return;
    copying(name, value, options);
  };
  c.header = inPlace as Context['header'];
  await next();
};

/** False when the response's headers are immutable. */
function setInPlace(c: Context, name: string, value: string | undefined, append: boolean) {
  try {
    const headers = c.res.headers;
    if (value === undefined) headers.delete(name);
    else if (append) headers.append(name, value);
    else headers.set(name, value);
    return true;
  } catch (err) {
    if (err instanceof TypeError) return false;
    throw err;
  }
}
