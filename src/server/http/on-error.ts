import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { unavailabilityOf } from '../db/unavailable.ts';
import { HttpError } from './errors.ts';
import { apiErrorBody, type CrossCuttingError } from './api-errors.ts';
import type { Logger } from './logger.ts';
import { respondUnavailable } from './unavailable.ts';

/** True for errors that mean "the client sent something unparseable", not a server fault. */
function isClientInputError(err: Error): boolean {
  // JSON.parse (c.req.json) throws SyntaxError; a malformed multipart/form body throws TypeError from
  // undici's parser; both describe the request, never the server.
  if (err instanceof SyntaxError) return true;
  return err instanceof TypeError && /body|form ?data|multipart|content-type/i.test(err.message);
}

function respond(c: Context, status: number, error: CrossCuttingError, message: string): Response {
  const { body, headers } = apiErrorBody(c.req.path, error, message);
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  return c.json(body, status as 400);
}

/**
 * The app's one error handler: HttpError becomes its own response; unparseable input becomes a 400
 * in the API's shape; a database that is away or out of disk a 503 with Retry-After (a warning,
 * not a bug); anything else is logged with the request id and answered 500.
 */
export function createErrorHandler(options: { logger: Logger }): ErrorHandler {
  return function handleError(err, c) {
    if (err instanceof HttpError) {
      for (const [name, value] of Object.entries(err.headers)) c.header(name, value);
      return c.json(err.body, err.status as 400);
    }
    if (err instanceof HTTPException) return err.getResponse();
    if (isClientInputError(err)) {
      return respond(c, 400, 'bad_json', `Could not parse the request body: ${err.message}`);
    }
    const unavailable = unavailabilityOf(err);
    if (unavailable) {
      options.logger.warn(
        { reqId: c.get('requestId'), method: c.req.method, path: c.req.path, err: err.message },
        unavailable === 'storage_full' ? 'database disk full' : 'database unavailable',
      );
      return respondUnavailable(c, unavailable);
    }
    options.logger.error(
      { reqId: c.get('requestId'), method: c.req.method, path: c.req.path, err },
      'unhandled error',
    );
    return respond(c, 500, 'internal', 'Internal server error');
  };
}

/** 404 for unknown paths, in the shape of the API the path belongs to. */
export function createNotFoundHandler(): NotFoundHandler {
  return function handleNotFound(c) {
    return respond(c, 404, 'not_found', `Not found: ${c.req.method} ${c.req.path}`);
  };
}
