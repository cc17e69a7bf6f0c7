import type { Handler } from 'hono';
import { z } from 'zod';
import { HttpError } from '../http/errors.ts';
import { issuer, readJson, validate, type AuthContext } from './context.ts';
import { claimMailSend, noteMailSend } from './mail-tokens.ts';
import { sendConfirmation } from './mails.ts';
import { checkUserMetadata } from './metadata.ts';
import { hashPassword } from './password.ts';
import { openSession } from './sessions.ts';
import { signupAnswer } from './signup-answer.ts';
import { findUserByEmail, findUserById, insertUser, type UserRow } from './users.ts';
import { checkEmail, checkPassword } from './validation.ts';

// auth-js also sends gotrue_meta_security and code_challenge(_method); they are accepted and unused.
const signupBody = z.object({
  email: z.string({ error: 'An email address is required' }),
  password: z.string({ error: 'Signup requires a valid password' }),
  data: z.record(z.string(), z.unknown()).nullish(),
});

const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';

/**
 * A taken email that is still unconfirmed gets its confirmation link again, unless one went out
 * within AUTH_MAIL_SEND_INTERVAL: the answer is the same either way.
 */
async function remindUnconfirmed(ctx: AuthContext, user: UserRow, redirectTo?: string) {
  if (user.email_confirmed_at) return;
  await ctx.db
    .transaction(async (tx) => {
      await claimMailSend(ctx, tx, 'signup', user.email);
      await sendConfirmation(ctx, tx, user, redirectTo);
    })
    .catch((err: unknown) => {
      const limited = err instanceof HttpError && err.body.code === 'over_email_send_rate_limit';
      if (!limited) throw err;
    });
}

/**
 * POST /signup: creates an account, confirmed at once or (AUTH_CONFIRM_EMAIL) waiting for the
 * link mailed to it. Confirmed at once, it answers a session, as GoTrue with autoconfirm does (the
 * settings say `mailer_autoconfirm: true`); otherwise signupAnswer's choice. Behind the signUpRateLimit guard
 * (auth/limits.ts).
 */
export function signupHandler(ctx: AuthContext): Handler {
  return async function signup(c) {
    const body = validate(signupBody, await readJson(c));
    const email = checkEmail(body.email);
    checkPassword(body.password);
    const metadata = body.data ?? {};
    checkUserMetadata(metadata);
    const confirmEmail = ctx.settings.mail.confirmEmail;
    const redirectTo = c.req.query('redirect_to');
    const taken = () => ({ taken: email, metadata, now: ctx.now() });

    // With confirmation, hash first: a taken email then costs the same hash as a new one.
    const early = confirmEmail ? await hashPassword(body.password) : undefined;
    const existing = await findUserByEmail(ctx.db, email);
    if (existing) {
      if (confirmEmail) await remindUnconfirmed(ctx, existing, redirectTo);
      return c.json(await signupAnswer(ctx.db, taken(), confirmEmail));
    }

    const hash = early ?? (await hashPassword(body.password));
    try {
      const user = await ctx.db.transaction(async (tx) => {
        const now = ctx.now();
        const id = await insertUser(tx, email, hash, metadata, now, { unconfirmed: confirmEmail });
        if (!confirmEmail) return openSession(ctx, tx, id, issuer(ctx, c), 'password');
        await noteMailSend(ctx, tx, 'signup', email);
        await sendConfirmation(ctx, tx, { id, email }, redirectTo);
        return signupAnswer(tx, { created: (await findUserById(tx, id))! }, confirmEmail);
      });
      return c.json(user);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Signed up twice at the same moment: the other request created the account.
      return c.json(await signupAnswer(ctx.db, taken(), confirmEmail));
    }
  };
}
