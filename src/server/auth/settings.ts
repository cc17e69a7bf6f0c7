import { z } from 'zod';

/** The auth service's environment variables; merged into the server's one config schema. */
export const authEnvShape = {
  /** Access-token lifetime in seconds. Under ~120 s the clients would refresh on every tick. */
  JWT_EXPIRY: z.coerce.number().int().min(300).max(604_800).default(3600),
  /** Seconds in which a just-rotated refresh token still returns the current session. */
  REFRESH_TOKEN_REUSE_INTERVAL: z.coerce.number().int().min(0).max(300).default(10),
  // Failed password sign-ins per window: per email from one client, per email from every client
  // (looser, so one client cannot lock a shopper out), per client whatever the email.
  SIGNIN_RATE_LIMIT_PER_EMAIL_AND_IP: z.coerce.number().int().min(1).default(10),
  SIGNIN_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(50),
  SIGNIN_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  /** The window of every auth rate limit (sign-in, sign-up, user update), seconds. */
  SIGNIN_RATE_LIMIT_WINDOW: z.coerce.number().int().min(1).max(86_400).default(300),
  /** Sign-ups per client per window, whatever their outcome. */
  SIGNUP_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  /** Email or password changes (PUT /user) per user and per client per window. */
  USER_UPDATE_RATE_LIMIT_PER_USER: z.coerce.number().int().min(1).default(10),
  USER_UPDATE_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  /** Sign-up leaves the account unconfirmed and mails a confirmation link; sign-in waits for it. */
  AUTH_CONFIRM_EMAIL: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** Seconds a mailed link or code works (GoTrue's MAILER_OTP_EXP). */
  AUTH_MAIL_TOKEN_TTL: z.coerce.number().int().min(60).max(86_400).default(3600),
  /** Seconds before the same kind of mail goes to the same address again (GoTrue's 60 s). */
  AUTH_MAIL_SEND_INTERVAL: z.coerce.number().int().min(0).max(3600).default(60),
  /** Mail requests (recover, resend, reauthenticate, email change) per client IP per window. */
  AUTH_MAIL_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  /** A password change from a session older than this (seconds) needs a mailed code; 0: never. */
  AUTH_REAUTHENTICATE_AFTER: z.coerce.number().int().min(0).max(31_536_000).default(86_400),
  /** Origins besides the site's own a mailed link may return to (comma-separated, no paths). */
  AUTH_REDIRECT_ALLOW_LIST: z
    .string()
    .transform((list) =>
      list
        .split(',')
        .map((o) => o.trim())
        .filter((o) => o !== ''),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/ }).transform((u) => new URL(u).origin)))
    .optional(),
  /** Take the client IP from X-Forwarded-For (only behind a proxy that sets it). */
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
};

export interface AuthSettings {
  jwtExpirySeconds: number;
  refreshReuseSeconds: number;
  /** Failed password sign-ins; windowSeconds is every auth limit's window. */
  signInLimit: { perEmailAndIp: number; perEmail: number; perIp: number; windowSeconds: number };
  signUpLimit: { perIp: number };
  userUpdateLimit: { perUser: number; perIp: number };
  trustProxy: boolean;
  /** The mailed flows (docs/decisions/0030-auth-mail-flows.md). */
  mail: {
    confirmEmail: boolean;
    tokenTtlSeconds: number;
    sendIntervalSeconds: number;
    perIp: number;
    reauthenticateAfterSeconds: number;
    /** Origins a link's redirect_to may name besides the site URL's. */
    redirectOrigins: string[];
  };
}

type AuthEnv = z.infer<z.ZodObject<typeof authEnvShape>>;

/** Builds the auth settings from the validated environment. */
export function authSettingsFrom(e: AuthEnv): AuthSettings {
  return {
    jwtExpirySeconds: e.JWT_EXPIRY,
    refreshReuseSeconds: e.REFRESH_TOKEN_REUSE_INTERVAL,
    signInLimit: {
      perEmailAndIp: e.SIGNIN_RATE_LIMIT_PER_EMAIL_AND_IP,
      perEmail: e.SIGNIN_RATE_LIMIT_PER_EMAIL,
      perIp: e.SIGNIN_RATE_LIMIT_PER_IP,
      windowSeconds: e.SIGNIN_RATE_LIMIT_WINDOW,
    },
    signUpLimit: { perIp: e.SIGNUP_RATE_LIMIT_PER_IP },
    userUpdateLimit: {
      perUser: e.USER_UPDATE_RATE_LIMIT_PER_USER,
      perIp: e.USER_UPDATE_RATE_LIMIT_PER_IP,
    },
    trustProxy: e.TRUST_PROXY,
    mail: {
      confirmEmail: e.AUTH_CONFIRM_EMAIL,
      tokenTtlSeconds: e.AUTH_MAIL_TOKEN_TTL,
      sendIntervalSeconds: e.AUTH_MAIL_SEND_INTERVAL,
      perIp: e.AUTH_MAIL_RATE_LIMIT_PER_IP,
      reauthenticateAfterSeconds: e.AUTH_REAUTHENTICATE_AFTER,
      redirectOrigins: e.AUTH_REDIRECT_ALLOW_LIST ?? [],
    },
  };
}
