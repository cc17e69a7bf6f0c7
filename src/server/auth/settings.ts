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
  };
}
