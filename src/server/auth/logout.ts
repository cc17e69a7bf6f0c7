import type { Hono } from 'hono';
import { z } from 'zod';
import { validate, type AuthContext } from './context.ts';
import { requireUser } from './require-user.ts';

const query = z.object({
  scope: z.enum(['global', 'local', 'others'], { error: 'scope must be global, local or others' }),
});

/**
 * POST /logout?scope=global|local|others: ends every session of the user, this one, or all but
 * this one. The body is ignored: auth-js sends an empty one with a JSON content type.
 */
export function logoutRoutes(app: Hono, ctx: AuthContext): void {
  app.post('/logout', async (c) => {
    const { scope } = validate(query, { scope: c.req.query('scope') ?? 'global' });
    const claims = await requireUser(ctx, c);
    const where = {
      global: 'user_id = $1',
      local: 'user_id = $1 AND id = $2',
      others: 'user_id = $1 AND id <> $2',
    }[scope];
    const params = scope === 'global' ? [claims.sub] : [claims.sub, claims.session_id];
    await ctx.db.query(`DELETE FROM auth.sessions WHERE ${where}`, params);
    return c.body(null, 204);
  });
}
