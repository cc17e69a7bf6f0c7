/**
 * The one error type handlers throw. `body` is sent as JSON in the shape of the API that threw it
 * (GoTrue's for /auth/v1, PostgREST's for /rest/v1, ...); the app's onError turns it into the response.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.message === 'string' ? body.message : `HTTP ${status}`);
    this.name = 'HttpError';
  }
}
