// A link mailed by the auth server (password reset, sign-up confirmation, email change) comes back
// as `/keebshop/#access_token=…&refresh_token=…&type=recovery` or `#error=…&error_code=otp_expired`
// (GoTrue's implicit flow), in the fragment where the hash router keeps its routes
// (docs/decisions/0031-sessions-from-mailed-links.md). Before the app's first render this takes
// such a fragment out of the address bar with history.replaceState, so neither Back nor a copied
// URL carries the tokens, and leaves #/emailLink, whose lazy page does the rest. It ships in the
// first-load chunk: keep it tiny, and free of the auth client.

export const EMAIL_LINK_ROUTE = '/emailLink';

/** The session a mailed link brought; `type` is the link's: recovery, signup, email_change… */
export interface MailedSession {
  accessToken: string;
  refreshToken: string;
  type: string;
}

let pending: MailedSession | null = null;

/** Reads the fragment once (at start-up); returns true when it was a mailed link's. */
export function captureMailedLink(): boolean {
  const fragment = window.location.hash.slice(1);
  if (fragment === '' || fragment.startsWith('/')) return false;
  const params = new URLSearchParams(fragment);
  const accessToken = params.get('access_token');
  const refreshToken = params.get('refresh_token');
  const error = params.get('error_code') || params.get('error') || params.get('error_description');
  let route = EMAIL_LINK_ROUTE;
  if (accessToken && refreshToken) {
    pending = { accessToken, refreshToken, type: params.get('type') ?? '' };
  } else if (error !== null) {
    // Only the code: the description is the server's English, and the page says it in ours.
    route += '?error=' + encodeURIComponent(error || 'unknown');
  } else {
    return false;
  }
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', pathname + search + '#' + route);
  return true;
}

/** The session captured at start-up and not yet cleared. */
export function pendingMailedSession(): MailedSession | null {
  return pending;
}

/** Forgets the captured session once the page has used it. */
export function clearMailedSession(): void {
  pending = null;
}
