import type { Context, Handler } from 'hono';
import { z } from 'zod';
import type { Queryable } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import { issuer, readJson, validate, type AuthContext } from './context.ts';
import { authError, AUTH_MESSAGES } from './errors.ts';
import { dropTokens, takeLinkToken, VERIFY_TYPES, type VerifyType } from './mail-tokens.ts';
import { allowedRedirect, withFragment } from './redirects.ts';
import { openSession } from './sessions.ts';
import { findUserByEmail, findUserById, identityData, type UserRow } from './users.ts';

// GET /verify (the mailed link) and POST /verify (verifyOtp with a token_hash): use the token,
// do what it was for (confirm the address, change it, or nothing more for a recovery) and sign
// in, all in one transaction.

const isVerifyType = (type: string): type is VerifyType => Object.hasOwn(VERIFY_TYPES, type);

async function confirmEmail(ctx: AuthContext, tx: Queryable, user: UserRow): Promise<void> {
  if (user.email_confirmed_at) return;
  const now = ctx.now();
  await tx.query('UPDATE auth.users SET email_confirmed_at = $2, updated_at = $2 WHERE id = $1', [
    user.id,
    now,
  ]);
  await tx.query(
    `UPDATE auth.identities SET identity_data = $2, updated_at = $3
     WHERE user_id = $1 AND provider = 'email'`,
    [user.id, identityData(user.id, user.email), now],
  );
}

async function changeEmail(ctx: AuthContext, tx: Queryable, user: UserRow, email: string) {
  const other = await findUserByEmail(tx, email);
  if (other && other.id !== user.id) {
    throw authError('email_exists', AUTH_MESSAGES.emailExists);
  }
  const now = ctx.now();
  await tx.query(
    `UPDATE auth.users SET email = $2, email_change = '', email_change_sent_at = NULL,
       email_confirmed_at = COALESCE(email_confirmed_at, $3), updated_at = $3
     WHERE id = $1`,
    [user.id, email, now],
  );
  await tx.query(
    `UPDATE auth.identities SET identity_data = $2, updated_at = $3
     WHERE user_id = $1 AND provider = 'email'`,
    [user.id, identityData(user.id, email), now],
  );
  // Links mailed to the old address no longer sign in.
  await dropTokens(tx, user.id, 'recovery');
  await dropTokens(tx, user.id, 'confirmation');
}

const linkExpired = () => authError('otp_expired', AUTH_MESSAGES.linkExpired);

/** Uses a link's token of `type` and signs its user in: the session GoTrue answers. */
export async function verifyLinkToken(
  ctx: AuthContext,
  type: VerifyType,
  token: string,
  iss: string,
) {
  return ctx.db
    .transaction(async (tx) => {
      const row = await takeLinkToken(ctx, tx, token, VERIFY_TYPES[type]);
      if (!row) throw linkExpired();
      const user = await findUserById(tx, row.user_id);
      if (!user) throw linkExpired();
      if (type === 'email_change') {
        // A newer request replaced the address this link was for.
        if (user.email_change !== row.relates_to) throw linkExpired();
        await changeEmail(ctx, tx, user, row.relates_to);
      } else {
        // A recovery link proves the address too, as GoTrue treats it.
        await confirmEmail(ctx, tx, user);
      }
      return openSession(ctx, tx, user.id, iss, 'otp');
    })
    .catch((err: unknown) => {
      const unique = (err as { code?: unknown } | null)?.code === '23505';
      throw unique ? authError('email_exists', AUTH_MESSAGES.emailExists) : err;
    });
}

/** GoTrue's `error` for a status in a redirect (oauthErrorMap). */
const OAUTH_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

/** The error as GoTrue puts it in a redirect's fragment. */
function errorFragment(err: HttpError): Record<string, string> {
  const error = OAUTH_ERRORS[err.status];
  return {
    ...(error ? { error } : {}),
    error_code: String(err.body.code),
    error_description: String(err.body.msg ?? err.message),
  };
}

/**
 * GET /verify?token=&type=&redirect_to=: the link in a mail. 303 to redirect_to (when allowed,
 * else the shop) with the session in the fragment, or with the error there.
 */
export function verifyGetHandler(ctx: AuthContext): Handler {
  return async function verifyGet(c: Context) {
    const query = { type: c.req.query('type'), token: c.req.query('token') };
    if (!query.type) throw authError('validation_failed', 'Verify requires a verification type');
    if (!query.token) {
      throw authError('validation_failed', 'Verify requires a token or a token hash');
    }
    const target = allowedRedirect(ctx, c.req.query('redirect_to'));
    // The Location carries a session: no cache may keep it.
    c.header('Cache-Control', 'no-store');
    try {
      if (!isVerifyType(query.type)) {
        throw authError('validation_failed', 'Invalid email verification type');
      }
      const session = await verifyLinkToken(ctx, query.type, query.token, issuer(ctx, c));
      return c.redirect(
        withFragment(target, {
          access_token: session.access_token,
          expires_at: String(session.expires_at),
          expires_in: String(session.expires_in),
          refresh_token: session.refresh_token,
          token_type: session.token_type,
          type: query.type,
        }),
        303,
      );
    } catch (err) {
      if (!(err instanceof HttpError) || err.status >= 500) throw err;
      return c.redirect(withFragment(target, errorFragment(err)), 303);
    }
  };
}

// auth-js also sends gotrue_meta_security (and `options` when given); accepted and unused.
const postBody = z.object({
  type: z.string().nullish(),
  token: z.string().nullish(),
  token_hash: z.string().nullish(),
  email: z.string().nullish(),
  phone: z.string().nullish(),
  redirect_to: z.string().nullish(),
});

/**
 * POST /verify {type, token_hash}: verifyOtp with the token of a mailed link (its `token`
 * parameter); 200 with the session, or 403 otp_expired. Links carry no 6-digit code, so
 * {type, email, token} always answers GoTrue's 403 for a wrong code.
 */
export function verifyPostHandler(ctx: AuthContext): Handler {
  return async function verifyPost(c) {
    const body = validate(postBody, await readJson(c));
    if (!body.type) {
      throw authError('validation_failed', 'Verify requires a verification type');
    }
    if (!body.token === !body.token_hash) {
      throw authError('validation_failed', 'Verify requires either a token or a token hash');
    }
    if (body.token) {
      if (!body.email || body.phone) {
        throw authError(
          'validation_failed',
          'Only an email address or phone number should be provided on verify',
        );
      }
      throw authError('otp_expired', 'Token has expired or is invalid');
    }
    if (body.email || body.phone || body.redirect_to) {
      throw authError('validation_failed', 'Only the token_hash and type should be provided');
    }
    if (!isVerifyType(body.type)) {
      throw authError('validation_failed', 'Invalid email verification type');
    }
    return c.json(await verifyLinkToken(ctx, body.type, body.token_hash!, issuer(ctx, c)));
  };
}
