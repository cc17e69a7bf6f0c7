import type { Context } from 'hono';
import type { AccessTokenClaims } from './claims.ts';
import type { AuthContext } from './context.ts';
import { authError, AUTH_MESSAGES } from './errors.ts';
import { bearerToken } from './identify.ts';
import { AccessTokenError } from './tokens.ts';

/** The verified claims of the request's user token, or a 401 in GoTrue's shape. */
export async function requireUser(ctx: AuthContext, c: Context): Promise<AccessTokenClaims> {
  const token = bearerToken(c.req.header('authorization'));
  if (!token || token === ctx.anonKey) {
    throw authError('no_authorization', AUTH_MESSAGES.noAuthorization);
  }
  try {
    return await ctx.verify(token);
  } catch (err) {
    if (err instanceof AccessTokenError) throw authError(err.code, err.message, { status: 401 });
    throw err;
  }
}
