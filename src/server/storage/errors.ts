// Errors in Supabase Storage's shape, which @supabase/storage-js parses: four strings,
// {statusCode, code, error, message}. Storage sends every handled 4xx as HTTP 400 and puts the
// meaningful status in the body's statusCode; only a request that fails validation, an unknown
// route and a fault get their own HTTP status. storage-js reads `status` from HTTP and
// `statusCode` from the body, so both must be as Supabase sends them.
import { HttpError } from '../http/errors.ts';

function storageError(
  httpStatus: number,
  statusCode: number,
  code: string,
  error: string,
  message: string,
  headers: Record<string, string> = {},
): HttpError {
  return new HttpError(
    httpStatus,
    { statusCode: String(statusCode), code, error, message },
    headers,
  );
}

/** A handled error: HTTP 400, the real status in the body. */
function handled(statusCode: number, code: string, error: string, message: string) {
  return storageError(400, statusCode, code, error, message);
}

export const noSuchKey = () => handled(404, 'NoSuchKey', 'not_found', 'Object not found');
export const noSuchBucket = () =>
  handled(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found');
export const keyAlreadyExists = () =>
  handled(409, 'KeyAlreadyExists', 'Duplicate', 'The resource already exists');
export const bucketAlreadyExists = () =>
  handled(409, 'BucketAlreadyExists', 'Duplicate', 'The resource already exists');
export const resourceAlreadyExists = () =>
  handled(409, 'ResourceAlreadyExists', 'Duplicate', 'The resource already exists');
export const bucketNotEmpty = () =>
  handled(
    409,
    'ResourceNotEmpty',
    'ResourceNotEmpty',
    'The bucket you tried to delete is not empty',
  );
export const accessDenied = (message = 'new row violates row-level security policy') =>
  handled(403, 'AccessDenied', 'Unauthorized', message);
export const entityTooLarge = () =>
  handled(
    413,
    'EntityTooLarge',
    'Payload too large',
    'The object exceeded the maximum allowed size',
  );
export const invalidMimeType = (mimetype: string) =>
  handled(415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${mimetype} is not supported`);
export const invalidKey = (key: string) =>
  handled(400, 'InvalidKey', 'InvalidKey', `Invalid key: ${key}`);
export const invalidBucketName = () =>
  handled(400, 'InvalidBucketName', 'Invalid Input', 'Bucket name invalid');
/** An image the server cannot read or that is too large to decode (imgproxy's answers). */
export const invalidImage = (message: string) =>
  handled(400, 'InvalidRequest', 'InvalidRequest', message);

/** A request that fails validation (a query parameter, a JSON body): a real HTTP 400. */
export const invalidRequest = (message: string) =>
  storageError(400, 400, 'InvalidRequest', 'Bad Request', message);

/** Service-role-only routes: the one place Storage answers a real 403. */
export const serviceRoleOnly = () =>
  storageError(403, 403, 'AccessDenied', 'Unauthorized', 'Only the service role may do this');

/** An unknown route: a real 404, in Storage's words. */
export const routeNotFound = (method: string, path: string) =>
  storageError(404, 404, 'InvalidRequest', 'Not Found', `Route ${method}:${path} not found`);

/**
 * An error the data API's helpers raised in PostgREST's shape (a gone session, a database error),
 * in Storage's: refused access is AccessDenied; a fault keeps its status.
 */
export function fromRestError(err: HttpError): HttpError {
  const message = String(err.body.message ?? 'Request failed');
  if (err.status === 401 || err.status === 403) return accessDenied(message);
  if (err.status >= 500) {
    return storageError(err.status, err.status, 'DatabaseError', 'internal', message, err.headers);
  }
  return handled(err.status, 'InvalidRequest', 'InvalidRequest', message);
}

interface DatabaseErrorLike {
  code: string;
  message: string;
}

function isDatabaseError(err: unknown): err is DatabaseErrorLike {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as Record<string, unknown>;
  return typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && 'severity' in e;
}

/**
 * A database error met while writing as the caller, in Storage's words: row-level security (and
 * a missing grant) is AccessDenied, a unique key taken is a conflict (`onConflict` says which),
 * a value the constraints refuse is a bad request. Anything else is not the caller's doing and
 * goes on to the app's error handler (503 when the database is away, else 500).
 */
export function fromDatabaseError(
  err: unknown,
  onConflict: () => HttpError = resourceAlreadyExists,
): unknown {
  if (!isDatabaseError(err)) return err;
  if (err.code === '42501') return accessDenied(err.message);
  if (err.code === '23505') return onConflict();
  if (err.code === '23503') return invalidRequest('The object is still referenced elsewhere');
  if (err.code.startsWith('22') || err.code.startsWith('23')) return invalidRequest(err.message);
  return err;
}
