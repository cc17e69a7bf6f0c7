import type { Handler } from 'hono';
import { z } from 'zod';
import { issuer, readJson, validate, type AuthContext } from './context.ts';
import { authError, AUTH_MESSAGES } from './errors.ts';
import { hashPassword, needsRehash, verifyPassword } from './password.ts';
import { refreshSession } from './refresh.ts';
import { startSession } from './sessions.ts';
import { findUserByEmail, normalizeEmail } from './users.ts';

const query = z.object({ grant_type: z.enum(['password', 'refresh_token']) });
const passwordBody = z.object({
  email: z.string({ error: 'An email address is required' }).max(1024),
  password: z.string({ error: 'A password is required' }).max(1024),
});
const refreshBody = z.object({
  refresh_token: z.string({ error: 'A refresh_token is required' }).min(1).max(256),
});

/** The email (normalized) and password of a password grant's body; 400 when either is missing. */
export function signInCredentials(body: unknown): { email: string; password: string } {
  const { email, password } = validate(passwordBody, body);
  return { email: normalizeEmail(email), password };
}

/**
 * POST /token?grant_type=password|refresh_token: sign-in and token refresh. Failed sign-ins are
 * counted by the signInRateLimit guard in front of this handler (auth/limits.ts).
 */
export function tokenHandler(ctx: AuthContext): Handler {
  return async function token(c) {
    const parsed = query.safeParse({ grant_type: c.req.query('grant_type') });
    // GoTrue's answer to any other grant (or none): 400 invalid_credentials "unsupported_grant_type".
    if (!parsed.success) throw authError('invalid_credentials', AUTH_MESSAGES.unsupportedGrant);
    const body = await readJson(c);

    if (parsed.data.grant_type === 'refresh_token') {
      const { refresh_token } = validate(refreshBody, body);
      return c.json(await refreshSession(ctx, refresh_token, issuer(ctx, c)));
    }

    const { email, password } = signInCredentials(body);
    const user = await findUserByEmail(ctx.db, email);
    // An unknown email costs the same hash as a wrong password, so timing does not tell them apart.
    const stored = user?.encrypted_password ?? (await ctx.dummyHash);
    const ok = await verifyPassword(password, stored, 'sign-in');
    if (!user || !ok) throw authError('invalid_credentials', AUTH_MESSAGES.invalidCredentials);
    if (needsRehash(user.encrypted_password)) {
      // An older hash (scrypt, or a lower cost): store today's, unless the password changed meanwhile.
      await ctx.db.query(
        'UPDATE auth.users SET encrypted_password = $3 WHERE id = $1 AND encrypted_password = $2',
        [user.id, user.encrypted_password, await hashPassword(password, 'sign-in')],
      );
    }
    // Only once the password checked out, as GoTrue: an unconfirmed account (AUTH_CONFIRM_EMAIL)
    // waits for its link.
    if (!user.email_confirmed_at) {
      throw authError('email_not_confirmed', AUTH_MESSAGES.emailNotConfirmed);
    }
    return c.json(await startSession(ctx, user.id, issuer(ctx, c)));
  };
}
