import type { Queryable } from '../db/types.ts';
import { shopLink } from '../mail/links.ts';
import { queueMail } from '../mail/outbox.ts';
import { emailChangeNewMail, emailChangeOldMail } from '../mail/texts/email-change.ts';
import { passwordChangedMail } from '../mail/texts/password-changed.ts';
import { reauthenticationMail } from '../mail/texts/reauthentication.ts';
import { recoveryMail } from '../mail/texts/recovery.ts';
import { signupConfirmationMail } from '../mail/texts/signup-confirmation.ts';
import type { AuthContext } from './context.ts';
import { issueCode, issueLinkToken } from './mail-tokens.ts';
import { verifyLink } from './redirects.ts';

// Each mail of the auth flows, queued in the caller's transaction with the token it carries
// (src/server/mail/outbox.ts): the mail exists exactly when its token does. The send limits
// (claimMailSend) are the callers' to check first.

interface Account {
  id: string;
  email: string;
}

const ttlMinutes = (ctx: AuthContext) => Math.round(ctx.settings.mail.tokenTtlSeconds / 60);

/** The password reset link (type=recovery). */
export async function sendRecovery(
  ctx: AuthContext,
  tx: Queryable,
  user: Account,
  redirectTo: string | undefined,
): Promise<void> {
  const token = await issueLinkToken(ctx, tx, user.id, 'recovery', user.email);
  const link = verifyLink(ctx, token, 'recovery', redirectTo);
  await tx.query('UPDATE auth.users SET recovery_sent_at = $2 WHERE id = $1', [user.id, ctx.now()]);
  await queueMail(
    tx,
    'recovery',
    user.email,
    recoveryMail({ email: user.email, link, ttlMinutes: ttlMinutes(ctx) }),
  );
}

/** The sign-up confirmation link (type=signup). */
export async function sendConfirmation(
  ctx: AuthContext,
  tx: Queryable,
  user: Account,
  redirectTo: string | undefined,
): Promise<void> {
  const token = await issueLinkToken(ctx, tx, user.id, 'confirmation', user.email);
  const link = verifyLink(ctx, token, 'signup', redirectTo);
  await tx.query('UPDATE auth.users SET confirmation_sent_at = $2 WHERE id = $1', [
    user.id,
    ctx.now(),
  ]);
  await queueMail(
    tx,
    'signup_confirmation',
    user.email,
    signupConfirmationMail({ email: user.email, link, ttlMinutes: ttlMinutes(ctx) }),
  );
}

/**
 * Records `newEmail` as the pending address, mails its confirmation link (type=email_change)
 * there and a notice to the current address. A new request replaces the pending one.
 */
export async function sendEmailChange(
  ctx: AuthContext,
  tx: Queryable,
  user: Account,
  newEmail: string,
  redirectTo: string | undefined,
): Promise<void> {
  const token = await issueLinkToken(ctx, tx, user.id, 'email_change_new', newEmail);
  const link = verifyLink(ctx, token, 'email_change', redirectTo);
  const now = ctx.now();
  await tx.query(
    'UPDATE auth.users SET email_change = $2, email_change_sent_at = $3, updated_at = $3 WHERE id = $1',
    [user.id, newEmail, now],
  );
  const names = { oldEmail: user.email, newEmail };
  await queueMail(
    tx,
    'email_change_new',
    newEmail,
    emailChangeNewMail({ ...names, link, ttlMinutes: ttlMinutes(ctx) }),
  );
  await queueMail(
    tx,
    'email_change_old',
    user.email,
    emailChangeOldMail({ ...names, settingsLink: shopLink(ctx.siteUrl, '/settings') }),
  );
}

/** The 6-digit code a password change from an older session needs. */
export async function sendReauthentication(
  ctx: AuthContext,
  tx: Queryable,
  user: Account,
): Promise<void> {
  const code = await issueCode(ctx, tx, user.id, user.email);
  await tx.query('UPDATE auth.users SET reauthentication_sent_at = $2 WHERE id = $1', [
    user.id,
    ctx.now(),
  ]);
  await queueMail(
    tx,
    'reauthentication',
    user.email,
    reauthenticationMail({ code, ttlMinutes: ttlMinutes(ctx) }),
  );
}

/** The notice that the password changed, to the account's address. */
export async function sendPasswordChanged(
  ctx: AuthContext,
  tx: Queryable,
  user: Account,
): Promise<void> {
  await queueMail(
    tx,
    'password_changed',
    user.email,
    passwordChangedMail({ email: user.email, recoverLink: shopLink(ctx.siteUrl, '/login') }),
  );
}
