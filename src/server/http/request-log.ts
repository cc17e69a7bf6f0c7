import type { MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import type { Logger } from './logger.ts';

export interface RequestLogOptions {
  logger: Logger;
}

/**
 * Gives every request an id (a valid incoming X-Request-Id is kept, and echoed back) and writes one
 * JSON line when it completes: method, path (never the query string, which may carry secrets),
 * status and duration in milliseconds.
 */
export function requestLog(options: RequestLogOptions): MiddlewareHandler {
  const assignId = requestId();
  const { logger } = options;
  return async function requestLogMiddleware(c, next) {
    const started = performance.now();
    await assignId(c, async () => {
      await next();
    });
    const status = c.res.status;
    const line = {
      reqId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    };
    if (status >= 500) logger.warn(line, 'request failed');
    else logger.info(line, 'request');
  };
}
