import { z } from 'zod';

/** The auth service's environment variables; merged into the server's one config schema. */
export const authEnvShape = {
  /** Access-token lifetime in seconds. Under ~120 s the clients would refresh on every tick. */
  JWT_EXPIRY: z.coerce.number().int().min(300).max(604_800).default(3600),
  /** Seconds in which a just-rotated refresh token still returns the current session. */
  REFRESH_TOKEN_REUSE_INTERVAL: z.coerce.number().int().min(0).max(300).default(10),
  SIGNIN_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  SIGNIN_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  SIGNIN_RATE_LIMIT_WINDOW: z.coerce.number().int().min(1).max(86_400).default(300),
  /** Take the client IP from X-Forwarded-For (only behind a proxy that sets it). */
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
};

export interface AuthSettings {
  jwtExpirySeconds: number;
  refreshReuseSeconds: number;
  signInLimit: { perEmail: number; perIp: number; windowSeconds: number };
  trustProxy: boolean;
}

type AuthEnv = z.infer<z.ZodObject<typeof authEnvShape>>;

/** Builds the auth settings from the validated environment. */
export function authSettingsFrom(e: AuthEnv): AuthSettings {
  return {
    jwtExpirySeconds: e.JWT_EXPIRY,
    refreshReuseSeconds: e.REFRESH_TOKEN_REUSE_INTERVAL,
    signInLimit: {
      perEmail: e.SIGNIN_RATE_LIMIT_PER_EMAIL,
      perIp: e.SIGNIN_RATE_LIMIT_PER_IP,
      windowSeconds: e.SIGNIN_RATE_LIMIT_WINDOW,
    },
    trustProxy: e.TRUST_PROXY,
  };
}
