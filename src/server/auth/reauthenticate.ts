import type { Handler } from 'hono';
import type { AuthContext } from './context.ts';
import { authError, AUTH_MESSAGES } from './errors.ts';
import type { SignedIn } from './guards.ts';
import { claimMailSend } from './mail-tokens.ts';
import { sendReauthentication } from './mails.ts';
import { findUserById } from './users.ts';

/**
 * GET /reauthenticate (signed in): mails a 6-digit code to the account's address, the `nonce` a
 * password change from a session older than AUTH_REAUTHENTICATE_AFTER needs. 200 {}; limited per
 * address (AUTH_MAIL_SEND_INTERVAL) and per client (mailRateLimit).
 */
export function reauthenticateHandler(ctx: AuthContext): Handler<SignedIn> {
  return async function reauthenticate(c) {
    const user = await findUserById(ctx.db, c.get('claims').sub);
    if (!user) throw authError('user_not_found', AUTH_MESSAGES.userNotFound);
    if (!user.email_confirmed_at) {
      throw authError('email_not_confirmed', AUTH_MESSAGES.verifyEmailFirst, { status: 422 });
    }
    await ctx.db.transaction(async (tx) => {
      await claimMailSend(ctx, tx, 'reauthentication', user.email);
      await sendReauthentication(ctx, tx, user);
    });
    return c.json({});
  };
}
