import type { MiddlewareHandler } from 'hono';
import { bodyLimit as honoBodyLimit } from 'hono/body-limit';
import { apiErrorBody } from './api-errors.ts';

export interface BodyLimitOptions {
  /** The largest request body accepted, in bytes. */
  maxBytes: number;
}

/** Rejects request bodies over `maxBytes` with 413 in the error shape of the API at the path. */
export function bodyLimit(options: BodyLimitOptions): MiddlewareHandler {
  const handler = honoBodyLimit({
    maxSize: options.maxBytes,
    onError: (c) => {
      const { body, headers } = apiErrorBody(
        c.req.path,
        'payload_too_large',
        `Request body too large: the limit is ${options.maxBytes} bytes`,
      );
      for (const [name, value] of Object.entries(headers)) c.header(name, value);
      c.header('Connection', 'close');
      return c.json(body, 413);
    },
  });
  return async function bodyLimitMiddleware(c, next) {
    // Bodyless requests pass without touching c.req.raw: on @hono/node-server that would build a
    // full web Request for every GET, a measurable cost on the hottest path (order history).
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next();
    return handler(c, next);
  };
}
