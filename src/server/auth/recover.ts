import type { Handler } from 'hono';
import { z } from 'zod';
import { readJson, validate, type AuthContext } from './context.ts';
import { authError, AUTH_MESSAGES } from './errors.ts';
import { claimMailSend } from './mail-tokens.ts';
import { sendRecovery } from './mails.ts';
import { findUserByEmail } from './users.ts';
import { checkEmail } from './validation.ts';

// auth-js also sends gotrue_meta_security and code_challenge(_method); accepted and unused.
const recoverBody = z.object({ email: z.string().nullish() });

/**
 * POST /recover {email} (?redirect_to=): mails a password reset link to an account's address.
 * Answers 200 {} whether or not the address has an account, and limits sends per address
 * (AUTH_MAIL_SEND_INTERVAL) for known and unknown addresses alike, so the answer tells nothing.
 * Behind the mailRateLimit guard (auth/limits.ts).
 */
export function recoverHandler(ctx: AuthContext): Handler {
  return async function recover(c) {
    const body = validate(recoverBody, await readJson(c));
    if (!body.email) throw authError('validation_failed', AUTH_MESSAGES.recoverEmailRequired);
    const email = checkEmail(body.email);
    const redirectTo = c.req.query('redirect_to');
    await ctx.db.transaction(async (tx) => {
      await claimMailSend(ctx, tx, 'recovery', email);
      const user = await findUserByEmail(tx, email);
      if (user) await sendRecovery(ctx, tx, user, redirectTo);
    });
    return c.json({});
  };
}
