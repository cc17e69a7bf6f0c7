import type { Context, MiddlewareHandler } from 'hono';
import { HttpError } from '../http/errors.ts';
import { clientIp, readJson } from './context.ts';
import { authError, AUTH_MESSAGES } from './errors.ts';
import type { Guarded, SignedIn } from './guards.ts';
import { takePlace, type HashLane } from './hash-queue.ts';
import { hitRateLimits, type RateLimitBucket, type RateLimitResult } from './rate-limit.ts';
import { signInCredentials } from './token.ts';

// The guards app.ts puts in front of every endpoint that hashes a password or tells whether an
// email is registered: a place in the bounded hashing queue (hash-queue.ts), held while the limits
// counted in the database (auth.rate_limits, shared by every instance) are checked, so a request
// over a limit never waits for or runs a hash, and a burst past the queue's room costs no query.
// All in one window, SIGNIN_RATE_LIMIT_WINDOW.

function tooMany(retryAfter: number): HttpError {
  return authError('over_request_rate_limit', AUTH_MESSAGES.rateLimited, {
    headers: { 'Retry-After': String(retryAfter) },
  });
}

async function hit(auth: Guarded, buckets: RateLimitBucket[]): Promise<RateLimitResult> {
  const ctx = auth.context;
  const rate = await hitRateLimits(
    ctx.db,
    buckets,
    ctx.settings.signInLimit.windowSeconds,
    ctx.now(),
  );
  if (!rate.allowed) throw tooMany(rate.retryAfter);
  return rate;
}

/**
 * Holds a place in `lane` for the client while `buckets` are counted: 429 at once, before any
 * query, when the lane has no room or the client holds its share (so a burst of any size costs one
 * query per place, not one per request); 429 from the limits when over one, the place given back at
 * once, so a request over a limit never waits for or runs a hash. A client whose count in
 * `cleanBucket` holds more than this attempt (a failure this window) gives back a place kept for
 * clean clients, and its count.
 */
async function limitThenAdmit(
  auth: Guarded,
  c: Context,
  lane: HashLane,
  buckets: RateLimitBucket[],
  cleanBucket?: string,
): Promise<{ rate: RateLimitResult; release: () => void }> {
  const place = takePlace(lane, clientIp(auth.context, c));
  let rate: RateLimitResult;
  try {
    rate = await hit(auth, buckets);
  } catch (err) {
    place.release();
    throw err;
  }
  const clean = cleanBucket === undefined || rate.hits[cleanBucket] === 1;
  try {
    return { rate, release: place.keep(clean) };
  } catch (err) {
    await rate.refund().catch(() => undefined);
    throw err;
  }
}

/** Whether the handler answered a wrong email or password (the only outcome a sign-in limit counts). */
function wrongCredentials(c: Context): boolean {
  return c.error instanceof HttpError && c.error.body.code === 'invalid_credentials';
}

/**
 * Password sign-ins (SIGNIN_RATE_LIMIT_*): only failures count, so signing in often never locks a
 * shopper out. Failures are counted per email from one client, per email from every client (a
 * looser cap that still bounds guessing from many addresses) and per client. Other grants pass to
 * the handler; a sign-in body the token endpoint would refuse gets its error here, uncounted.
 */
export function signInRateLimit(auth: Guarded): MiddlewareHandler {
  return async function signInRateLimit(c, next) {
    if (c.req.query('grant_type') !== 'password') return next();
    const { email } = signInCredentials(await readJson(c));
    const limits = auth.context.settings.signInLimit;
    const ip = clientIp(auth.context, c);
    // Counted before the password is checked, so parallel guesses cannot overtake the count;
    // given back below unless the password was wrong.
    const { rate, release } = await limitThenAdmit(
      auth,
      c,
      'sign-in',
      [
        {
          key: `signin-failed:email-ip:${JSON.stringify([email, ip])}`,
          limit: limits.perEmailAndIp,
        },
        { key: `signin-failed:email:${email}`, limit: limits.perEmail },
        { key: `signin-failed:ip:${ip}`, limit: limits.perIp },
      ],
      `signin-failed:ip:${ip}`,
    );
    try {
      await next();
      if (!wrongCredentials(c)) {
        // A failed refund leaves the count one too high until the window ends: not worth a 500.
        await rate.refund().catch(() => undefined);
      }
    } finally {
      release();
    }
  };
}

/** Sign-ups per client (SIGNUP_RATE_LIMIT_PER_IP), whatever their outcome: new or taken email. */
export function signUpRateLimit(auth: Guarded): MiddlewareHandler {
  return async function signUpRateLimit(c, next) {
    const ip = clientIp(auth.context, c);
    const limit = auth.context.settings.signUpLimit.perIp;
    const { release } = await limitThenAdmit(auth, c, 'new-password', [
      { key: `signup:ip:${ip}`, limit },
    ]);
    try {
      await next();
    } finally {
      release();
    }
  };
}

/**
 * Email and password changes (USER_UPDATE_RATE_LIMIT_*), per user and per client: a new password
 * costs a hash, and a new email tells whether that address is taken. Metadata-only updates pass.
 */
export function userUpdateRateLimit(auth: Guarded): MiddlewareHandler<SignedIn> {
  return async function userUpdateRateLimit(c, next) {
    const body = await readJson(c);
    if (body.email === undefined && body.password === undefined) return next();
    const limits = auth.context.settings.userUpdateLimit;
    const buckets = [
      { key: `user-update:user:${c.get('claims').sub}`, limit: limits.perUser },
      { key: `user-update:ip:${clientIp(auth.context, c)}`, limit: limits.perIp },
    ];
    let release = () => {};
    if (body.password === undefined) await hit(auth, buckets);
    else ({ release } = await limitThenAdmit(auth, c, 'new-password', buckets));
    try {
      await next();
    } finally {
      release();
    }
  };
}

/**
 * Requests that queue a mail (recover, resend, reauthenticate) per client
 * (AUTH_MAIL_RATE_LIMIT_PER_IP), whatever the address: 429 over_email_send_rate_limit. Each
 * address also gets one mail of a kind per AUTH_MAIL_SEND_INTERVAL (claimMailSend).
 */
export function mailRateLimit(auth: Guarded): MiddlewareHandler {
  return async function mailRateLimit(c, next) {
    const ctx = auth.context;
    const rate = await hitRateLimits(
      ctx.db,
      [{ key: `mail:ip:${clientIp(ctx, c)}`, limit: ctx.settings.mail.perIp }],
      ctx.settings.signInLimit.windowSeconds,
      ctx.now(),
    );
    if (!rate.allowed) {
      throw authError('over_email_send_rate_limit', AUTH_MESSAGES.emailRateLimited, {
        headers: { 'Retry-After': String(rate.retryAfter) },
      });
    }
    await next();
  };
}
