import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { pageText as t } from './messages.ts';
import { checkoutPage, messagePage, STYLESHEET_PATH } from './page.ts';
import { emptyPageState, type CheckoutPageState } from './page-fields.ts';
import { payPost } from './page-pay.ts';
import { PageStates } from './page-states.ts';
import { applyCode, setDiscount } from './session-discount.ts';
import type { SandboxState } from './state.ts';
import type { SessionRecord } from './types.ts';

// This file runs as src/payments-sandbox/page-routes.ts or bundled into dist/server/main.js (the
// compiled server): both two directories below the repository's root, where the stylesheets are.
const sourceDir = path.resolve(import.meta.dirname, '../../src/payments-sandbox');
const stylesheet = ['checkout.css', 'checkout-shipping.css', 'checkout-discounts.css']
  .map((file) => readFileSync(path.join(sourceDir, file), 'utf8'))
  .join('\n');
const ATTEMPT_COOKIE = 'sandbox_attempt';
const SESSION_ID = /^cs_test_[A-Za-z0-9]{1,200}$/;

export type PageOptions = { state: SandboxState; businessName: string; clock: () => number };

/** The Stripe URL a customer is sent to after paying, with the session id filled in. */
export function successRedirect(s: SessionRecord): string {
  return s.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', s.id);
}

/**
 * The hosted checkout page: GET shows it, POST pays (or explains why not), POST <id>/code applies
 * or removes a promotion code. Every page a customer
 * can reach answers 200, as Stripe's does: a decline is news for the customer, not an HTTP error,
 * and browser tests that watch the console for failed loads stay quiet.
 */
export function createPages({ state, businessName, clock }: PageOptions): Hono {
  const pages = new Hono();
  const failed = new PageStates();

  pages.get(STYLESHEET_PATH, (c) =>
    c.body(stylesheet, 200, {
      'content-type': 'text/css; charset=utf-8',
      'cache-control': 'public, max-age=300',
      'x-content-type-options': 'nosniff',
    }),
  );

  // Browsers ask for it; an empty answer keeps the console free of 404s.
  pages.get('/favicon.ico', (c) => c.body(null, 204));

  pages.get('/c/pay/:id', async (c) => {
    const session = await lookup(state, c.req.param('id'));
    const kept = session ? failed.get(session.id, getCookie(c, ATTEMPT_COOKIE)) : undefined;
    return render(c, session, kept ?? emptyPageState);
  });

  pages.post('/c/pay/:id', async (c) => {
    const session = await lookup(state, c.req.param('id'));
    // Paid already (a double submit, or the back button): charge nothing, send them on again.
    if (session?.status === 'complete') return c.redirect(successRedirect(session), 303);
    if (!session) return render(c, session, emptyPageState);
    const again = reply(c, session, session.id);
    if (session.status !== 'open') return again(null);
    const body = await c.req.parseBody();
    const read = (name: string) => (typeof body[name] === 'string' ? body[name] : '');
    const outcome = await payPost(state, session, read, new Date(clock()));
    if ('paid' in outcome) return c.redirect(successRedirect(outcome.paid), 303);
    return again(outcome.show);
  });

  // The promotion code form: apply the code typed, or remove the one applied; then the page again.
  pages.post('/c/pay/:id/code', async (c) => {
    const session = await lookup(state, c.req.param('id'));
    if (session?.status === 'complete') return c.redirect(successRedirect(session), 303);
    if (!session) return render(c, session, emptyPageState);
    // From /c/pay/<id>/code, `../<id>` is the page, under any path prefix.
    const again = reply(c, session, `../${session.id}`);
    if (session.status !== 'open' || !session.allowPromotionCodes) return again(null);
    const body = await c.req.parseBody();
    if (body.remove !== undefined) {
      await setDiscount(state, session.id, null);
      return again(null);
    }
    const code = typeof body.code === 'string' ? body.code : '';
    const refused = await applyCode(state, session, code);
    return again(
      refused ? { values: { code }, errors: { code: refused }, paymentError: null } : null,
    );
  });

  /**
   * Post/redirect/get: an attempt that does not pay answers with a GET of the page, so the
   * browser's history holds no POST for Back or reload to send again. What that GET shows is kept
   * here, under a token in a short-lived cookie.
   */
  function reply(c: Context, session: SessionRecord, location: string) {
    return (pageState: CheckoutPageState | null) => {
      setPageHeaders(c, session);
      if (pageState) {
        setCookie(c, ATTEMPT_COOKIE, failed.put(session.id, pageState), {
          path: '/',
          httpOnly: true,
          sameSite: 'Lax',
          maxAge: PageStates.TTL_S,
        });
      }
      return c.redirect(location, 303);
    };
  }

  function render(c: Context, session: SessionRecord | undefined, pageState: CheckoutPageState) {
    setPageHeaders(c, session);
    if (!session) return c.html(messagePage(t.notFoundTitle, t.notFoundBody, null), 404);
    const back = { text: t.returnTo(businessName) };
    if (session.status === 'complete') {
      return c.html(
        messagePage(t.completeTitle, t.completeBody, { ...back, href: successRedirect(session) }),
      );
    }
    if (session.status === 'expired') {
      const link = session.cancelUrl ? { ...back, href: session.cancelUrl } : null;
      return c.html(messagePage(t.expiredTitle, t.expiredBody, link));
    }
    return c.html(checkoutPage(session, businessName, pageState));
  }

  return pages;
}

async function lookup(state: SandboxState, id: string): Promise<SessionRecord | undefined> {
  return SESSION_ID.test(id) ? state.getSession(id) : undefined;
}

// No script may run; the forms post to this page (and its /code) and then redirect to the success
// URL, which Chromium checks against form-action too.
function setPageHeaders(c: Context, session: SessionRecord | undefined): void {
  const formTargets = ["'self'"];
  if (session) formTargets.push(new URL(session.successUrl).origin);
  c.header(
    'content-security-policy',
    [
      "default-src 'none'",
      "style-src 'self'",
      "img-src 'self'",
      `form-action ${formTargets.join(' ')}`,
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ].join('; '),
  );
  c.header('cache-control', 'no-store');
  c.header('referrer-policy', 'same-origin');
  c.header('x-content-type-options', 'nosniff');
}
