import type { Handler, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { validate, type AuthContext } from './context.ts';
import type { SignedIn } from './guards.ts';

const query = z.object({
  scope: z.enum(['global', 'local', 'others'], { error: 'scope must be global, local or others' }),
});

type LogoutScope = z.infer<typeof query>['scope'];

/** What logoutScope leaves for the handler: the sessions to end. */
export interface ScopeChosen {
  Variables: { logoutScope: LogoutScope };
}

/** Reads ?scope= (default global); an unknown scope is a 400, even before the user is checked. */
export const logoutScope: MiddlewareHandler<ScopeChosen> = async function logoutScope(c, next) {
  const { scope } = validate(query, { scope: c.req.query('scope') ?? 'global' });
  c.set('logoutScope', scope);
  await next();
};

/**
 * POST /logout?scope=global|local|others (behind logoutScope and requireUser): ends every session
 * of the user, this one, or all but this one. The body is ignored: auth-js sends an empty one with
 * a JSON content type.
 */
export function logoutHandler(ctx: AuthContext): Handler<SignedIn & ScopeChosen> {
  return async function logout(c) {
    const scope = c.get('logoutScope');
    const claims = c.get('claims');
    const where = {
      global: 'user_id = $1',
      local: 'user_id = $1 AND id = $2',
      others: 'user_id = $1 AND id <> $2',
    }[scope];
    const params = scope === 'global' ? [claims.sub] : [claims.sub, claims.session_id];
    await ctx.db.query(`DELETE FROM auth.sessions WHERE ${where}`, params);
    return c.body(null, 204);
  };
}
