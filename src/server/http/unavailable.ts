import type { Context } from 'hono';
import type { Unavailability } from '../db/unavailable.ts';
import { apiErrorBody } from './api-errors.ts';

/**
 * The 503 a request gets while the database cannot serve it (docs/operations.md, "When the
 * database is away or the disk is full"): in the shape of the request's API, with Retry-After.
 */
export const UNAVAILABLE_ANSWERS = {
  unavailable: {
    error: 'database_unavailable',
    message: "The shop's database is temporarily unavailable. Please try again in a moment.",
    retryAfterSeconds: 5,
  },
  storage_full: {
    error: 'storage_full',
    message: 'The shop is temporarily unable to save. Please try again in a few minutes.',
    retryAfterSeconds: 60,
  },
} as const satisfies Record<
  Unavailability,
  { error: string; message: string; retryAfterSeconds: number }
>;

/** Answers 503 for `why`, in the shape of the API the request's path belongs to. */
export function respondUnavailable(c: Context, why: Unavailability): Response {
  const answer = UNAVAILABLE_ANSWERS[why];
  const { body, headers } = apiErrorBody(c.req.path, answer.error, answer.message);
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  c.header('Retry-After', String(answer.retryAfterSeconds));
  return c.json(body, 503);
}
