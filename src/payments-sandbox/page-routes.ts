import { readFileSync } from 'node:fs';
import { Hono, type Context } from 'hono';
import { checkCard, type PaymentFields } from './cards.ts';
import { pageText as t } from './messages.ts';
import {
  checkoutPage,
  emptyPageState,
  messagePage,
  STYLESHEET_PATH,
  type CheckoutPageState,
} from './page.ts';
import type { SandboxState } from './state.ts';
import type { SessionRecord } from './types.ts';

const stylesheet = readFileSync(new URL('./checkout.css', import.meta.url), 'utf8');
const SESSION_ID = /^cs_test_[A-Za-z0-9]{1,200}$/;

export type PageOptions = { state: SandboxState; businessName: string; clock: () => number };

/** The Stripe URL a customer is sent to after paying, with the session id filled in. */
export function successRedirect(s: SessionRecord): string {
  return s.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', s.id);
}

/**
 * The hosted checkout page: GET shows it, POST pays (or explains why not). Every page a customer
 * can reach answers 200, as Stripe's does: a decline is news for the customer, not an HTTP error,
 * and browser tests that watch the console for failed loads stay quiet.
 */
export function createPages({ state, businessName, clock }: PageOptions): Hono {
  const pages = new Hono();

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
    return render(c, session, emptyPageState);
  });

  pages.post('/c/pay/:id', async (c) => {
    const session = await lookup(state, c.req.param('id'));
    // Paid already (a double submit, or the back button): charge nothing, send them on again.
    if (session?.status === 'complete') return c.redirect(successRedirect(session), 303);
    if (session?.status !== 'open') return render(c, session, emptyPageState);

    const body = await c.req.parseBody();
    const read = (name: keyof PaymentFields) => (typeof body[name] === 'string' ? body[name] : '');
    const fields: PaymentFields = {
      email: session.customerEmail ?? read('email'),
      cardNumber: read('cardNumber'),
      cardExpiry: read('cardExpiry'),
      cardCvc: read('cardCvc'),
      billingName: read('billingName'),
    };
    const check = checkCard(fields, new Date(clock()));
    const values = { ...fields, cardCvc: '' };
    if (check.kind === 'invalid') {
      return render(c, session, { values, errors: check.errors, paymentError: null });
    }
    if (check.kind === 'declined') {
      return render(c, session, { values, errors: {}, paymentError: check.message });
    }
    const result = await state.pay(session.id, {
      email: fields.email.trim(),
      name: fields.billingName.trim(),
      brand: check.brand,
      last4: check.last4,
    });
    if (result.kind === 'expired') return render(c, result.session, emptyPageState);
    return c.redirect(successRedirect(result.session), 303);
  });

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

// No script may run; the only form posts to this page and then redirects to the success URL,
// which Chromium checks against form-action too.
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
