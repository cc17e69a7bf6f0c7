import type { Hono } from 'hono';
import { z } from 'zod';
import { clientIp, issuer, readJson, validate, type AuthContext } from './context.ts';
import { authError, AUTH_MESSAGES } from './errors.ts';
import { hashPassword, needsRehash, verifyPassword } from './password.ts';
import { hitRateLimits } from './rate-limit.ts';
import { refreshSession, startSession } from './sessions.ts';
import { findUserByEmail, normalizeEmail } from './users.ts';

const query = z.object({
  grant_type: z.enum(['password', 'refresh_token'], { error: 'unsupported_grant_type' }),
});
const passwordBody = z.object({
  email: z.string({ error: 'An email address is required' }).max(1024),
  password: z.string({ error: 'A password is required' }).max(1024),
});
const refreshBody = z.object({
  refresh_token: z.string({ error: 'A refresh_token is required' }).min(1).max(256),
});

/** POST /token?grant_type=password|refresh_token: sign-in (rate-limited) and token refresh. */
export function tokenRoutes(app: Hono, ctx: AuthContext): void {
  app.post('/token', async (c) => {
    const parsed = query.safeParse({ grant_type: c.req.query('grant_type') });
    if (!parsed.success) throw authError('unsupported_grant_type', AUTH_MESSAGES.unsupportedGrant);
    const body = await readJson(c);

    if (parsed.data.grant_type === 'refresh_token') {
      const { refresh_token } = validate(refreshBody, body);
      return c.json(await refreshSession(ctx, refresh_token, issuer(ctx, c)));
    }

    const { email: rawEmail, password } = validate(passwordBody, body);
    const email = normalizeEmail(rawEmail);
    const limits = ctx.settings.signInLimit;
    const rate = await hitRateLimits(
      ctx.db,
      [
        { key: `signin:email:${email}`, limit: limits.perEmail },
        { key: `signin:ip:${clientIp(ctx, c)}`, limit: limits.perIp },
      ],
      limits.windowSeconds,
      ctx.now(),
    );
    if (!rate.allowed) {
      throw authError('over_request_rate_limit', AUTH_MESSAGES.rateLimited, {
        headers: { 'Retry-After': String(rate.retryAfter) },
      });
    }

    const user = await findUserByEmail(ctx.db, email);
    // An unknown email costs the same hash as a wrong password, so timing does not tell them apart.
    const ok = await verifyPassword(password, user?.encrypted_password ?? (await ctx.dummyHash));
    if (!user || !ok) throw authError('invalid_credentials', AUTH_MESSAGES.invalidCredentials);
    if (needsRehash(user.encrypted_password)) {
      // An older hash (scrypt, or a lower cost): store today's, unless the password changed meanwhile.
      await ctx.db.query(
        'UPDATE auth.users SET encrypted_password = $3 WHERE id = $1 AND encrypted_password = $2',
        [user.id, user.encrypted_password, await hashPassword(password)],
      );
    }
    return c.json(await startSession(ctx, user.id, issuer(ctx, c)));
  });
}
