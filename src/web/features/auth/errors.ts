import { AUTH_TEXT as T } from './texts.ts';

/** The message to show for something thrown while talking to the server. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What auth-js hands back: AuthApiError carries the server's status and code. */
export interface AuthErrorLike {
  message: string;
  status?: number;
  code?: string;
}

/** The server's message, except a rate limit, which gets a plain instruction of ours. */
export function authMessage(error: AuthErrorLike): string {
  if (error.status === 429 || error.code?.startsWith('over_')) return T.rateLimited;
  return error.message;
}
