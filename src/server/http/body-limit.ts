import type { Context, MiddlewareHandler } from 'hono';
import { apiErrorBody, type CrossCuttingError } from './api-errors.ts';
import { JsonDepthScanner } from './json-depth.ts';

export interface BodyLimitOptions {
  /** The largest request body accepted, in bytes. */
  maxBytes: number;
  /** How deeply a JSON body may nest arrays and objects; checked on the bytes, before parsing. */
  maxJsonDepth: number;
}

/** Bodies no handler parses as JSON: their brackets are not nesting. */
const NOT_JSON = /^\s*(application\/x-www-form-urlencoded|multipart\/|text\/csv)/i;

function refuse(c: Context, status: 400 | 413, error: CrossCuttingError, message: string) {
  const { body, headers } = apiErrorBody(c.req.path, error, message);
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  // The rest of the body stays unread: the connection cannot carry another request.
  c.header('Connection', 'close');
  return c.json(body, status);
}

/**
 * Reads a request body under two limits and hands it on whole: over `maxBytes` is 413, JSON
 * nested deeper than `maxJsonDepth` is 400, both in the error shape of the API at the path and
 * decided while the bytes arrive, so a hostile body costs a byte scan and no parse.
 */
export function bodyLimit(options: BodyLimitOptions): MiddlewareHandler {
  const tooLarge = `Request body too large: the limit is ${options.maxBytes} bytes`;
  const tooDeep = `JSON nested too deeply: at most ${options.maxJsonDepth} levels of arrays and objects`;
  return async function bodyLimitMiddleware(c, next) {
    // Bodyless requests pass without touching c.req.raw: on @hono/node-server that would build a
    // full web Request for every GET, a measurable cost on the hottest path (order history).
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next();
    const declared = Number(c.req.header('content-length'));
    if (declared > options.maxBytes) return refuse(c, 413, 'payload_too_large', tooLarge);
    const stream = c.req.raw.body;
    if (!stream) return next();

    const scanner = NOT_JSON.test(c.req.header('content-type') ?? '')
      ? null
      : new JsonDepthScanner(options.maxJsonDepth);
    const reader = stream.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      const problem =
        size > options.maxBytes ? 413 : scanner && !scanner.push(value) ? 400 : undefined;
      if (problem) {
        void reader.cancel().catch(() => undefined);
        return problem === 413
          ? refuse(c, 413, 'payload_too_large', tooLarge)
          : refuse(c, 400, 'bad_json', tooDeep);
      }
      chunks.push(value);
    }
    const body = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      body.set(chunk, at);
      at += chunk.byteLength;
    }
    c.req.raw = new Request(c.req.raw, { body });
    return next();
  };
}
