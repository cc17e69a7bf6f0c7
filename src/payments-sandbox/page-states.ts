import type { CheckoutPageState } from './page-fields.ts';
import { randomAlnum } from './ids.ts';

const TTL_S = 15 * 60;
const TTL_MS = TTL_S * 1000;
const MAX_KEPT = 5000;

/**
 * What a failed payment attempt leaves for the page to show (errors, the typed values without the
 * security code), kept in memory under a short random token (sent as a cookie) for the GET that
 * follows the 303: a post/redirect/get, so Back and reload never post the form again. A token this
 * process does not know (expired, or issued by another instance), or one issued for another
 * session, shows the page as new, which is safe.
 */
export class PageStates {
  static readonly TTL_S = TTL_S;

  private readonly kept = new Map<
    string,
    { sessionId: string; at: number; state: CheckoutPageState }
  >();

  put(sessionId: string, state: CheckoutPageState, nowMs = Date.now()): string {
    this.forgetOld(nowMs);
    const token = randomAlnum(20);
    this.kept.set(token, { sessionId, at: nowMs, state });
    return token;
  }

  get(
    sessionId: string,
    token: string | undefined,
    nowMs = Date.now(),
  ): CheckoutPageState | undefined {
    if (token === undefined) return undefined;
    const entry = this.kept.get(token);
    if (!entry || entry.sessionId !== sessionId || nowMs - entry.at > TTL_MS) return undefined;
    return entry.state;
  }

  private forgetOld(nowMs: number): void {
    for (const [token, entry] of this.kept) {
      // Insertion order is age order: stop at the first one still young enough.
      if (nowMs - entry.at <= TTL_MS && this.kept.size < MAX_KEPT) break;
      this.kept.delete(token);
    }
  }
}
