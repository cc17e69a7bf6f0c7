import type { Handler } from 'hono';
import { z } from 'zod';
import { readJson, validate, type AuthContext } from './context.ts';
import { authError } from './errors.ts';
import { claimMailSend, sentRecently } from './mail-tokens.ts';
import { sendConfirmation, sendEmailChange } from './mails.ts';
import { findUserByEmail } from './users.ts';
import { checkEmail } from './validation.ts';

const resendBody = z.object({
  type: z.string().nullish(),
  email: z.string().nullish(),
  phone: z.string().nullish(),
});

/**
 * POST /resend {type: 'signup' | 'email_change', email} (?redirect_to=): mails the sign-up
 * confirmation link again (to an unconfirmed account), or the pending email change's (`email` is
 * the account's current address). 200 {} whatever the account, limited per address like /recover.
 */
export function resendHandler(ctx: AuthContext): Handler {
  return async function resend(c) {
    const body = validate(resendBody, await readJson(c));
    if (body.type !== 'signup' && body.type !== 'email_change') {
      const message = 'Missing one of these types: signup, email_change, sms, phone_change';
      throw authError('validation_failed', message);
    }
    if (body.phone) throw authError('validation_failed', 'Phone logins are disabled');
    if (!body.email) {
      throw authError('validation_failed', 'Type provided requires an email address');
    }
    const email = checkEmail(body.email);
    const type = body.type;
    const redirectTo = c.req.query('redirect_to');
    await ctx.db.transaction(async (tx) => {
      await claimMailSend(ctx, tx, type, email);
      const user = await findUserByEmail(tx, email);
      if (!user) return;
      if (type === 'signup') {
        if (!user.email_confirmed_at) await sendConfirmation(ctx, tx, user, redirectTo);
      } else if (user.email_change && !sentRecently(ctx, user.email_change_sent_at)) {
        // Just sent by PUT /user: the same answer, no second mail yet.
        await sendEmailChange(ctx, tx, user, user.email_change, redirectTo);
      }
    });
    return c.json({});
  };
}
