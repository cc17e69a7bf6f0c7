import type { AuthContext } from './context.ts';
import type { VerifyType } from './mail-tokens.ts';

// Where a mailed link leads: GET /auth/v1/verify on the site URL, which answers 303 to an allowed
// redirect_to with the session (or the error) in the fragment, as GoTrue's implicit flow does.

/** The shop's front page, where a link leads when it names no allowed redirect_to. */
export const defaultRedirect = (ctx: AuthContext) => `${ctx.siteUrl}/keebshop/`;

/**
 * `raw` when it is an http(s) URL on the site URL's origin or on one of AUTH_REDIRECT_ALLOW_LIST's,
 * else the shop's front page: a link never sends a session to a stranger's site.
 */
export function allowedRedirect(ctx: AuthContext, raw: string | undefined | null): string {
  if (!raw) return defaultRedirect(ctx);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return defaultRedirect(ctx);
  }
  const origins = [new URL(ctx.siteUrl).origin, ...ctx.settings.mail.redirectOrigins];
  const ok =
    (url.protocol === 'http:' || url.protocol === 'https:') && origins.includes(url.origin);
  return ok ? url.href : defaultRedirect(ctx);
}

/** The link a mail carries: `${siteUrl}/auth/v1/verify?token=…&type=…&redirect_to=…`. */
export function verifyLink(
  ctx: AuthContext,
  token: string,
  type: VerifyType,
  redirectTo: string | undefined | null,
): string {
  const query = new URLSearchParams({
    token,
    type,
    redirect_to: allowedRedirect(ctx, redirectTo),
  });
  return `${ctx.siteUrl}/auth/v1/verify?${query.toString()}`;
}

/**
 * `target` with its fragment replaced by `params`, keys sorted and `sb` (GoTrue's marker that the
 * redirect comes from Supabase Auth) added, encoded as Go's url.Values does (spaces as `+`).
 */
export function withFragment(target: string, params: Record<string, string>): string {
  const url = new URL(target);
  url.hash = '';
  const entries = Object.entries({ ...params, sb: '' }).sort(([a], [b]) => (a < b ? -1 : 1));
  return `${url.href}#${new URLSearchParams(entries).toString()}`;
}
