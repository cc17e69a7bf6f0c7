import { describe, expect, it } from 'vitest';
import { declines, fieldErrors, pageText } from './messages.ts';
import { sandboxPerTest } from './test-support/sandbox-per-test.ts';
import { pageAfter, payForm, sessionParams, type Started } from './test-support.ts';

let sb: Started;
sandboxPerTest((started) => (sb = started));

async function openSession() {
  const session = await sb.stripe.checkout.sessions.create(sessionParams());
  return { id: session.id, url: session.url! };
}

const successFor = (id: string) => `http://localhost:3000/keebshop/#/orderSuccess?session_id=${id}`;

describe('hosted checkout page', () => {
  it('shows the test-mode banner, the items, the total in USD and a labelled card form, with no script', async () => {
    const { url } = await openSession();
    const res = await fetch(url);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self' http://localhost:3000");
    const page = await res.text();
    expect(page).toContain(pageText.banner);
    expect(page).toContain('Keychron Q1 Pro (Carbon Black)');
    expect(page).toContain('Qty 2 · $149.99 each');
    expect(page).toContain('$299.98');
    expect(page).toContain('Pay $324.48');
    for (const [id, autocomplete] of [
      ['email', 'email'],
      ['cardNumber', 'cc-number'],
      ['cardExpiry', 'cc-exp'],
      ['cardCvc', 'cc-csc'],
      ['billingName', 'cc-name'],
    ]) {
      expect(page).toContain(`<label for="${id}">`);
      expect(page).toMatch(new RegExp(`id="${id}"[^>]*autocomplete="${autocomplete}"`));
    }
    expect(page).toContain('href="http://localhost:3000/keebshop/#/cart"');
    expect(page).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i);
    const href = /<link rel="stylesheet" href="([^"]+)"/.exec(page)![1]!;
    const css = await fetch(new URL(href, url));
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toContain('text/css');
    const action = /<form method="post" action="([^"]+)"/.exec(page)![1]!;
    expect(new URL(action, url).href).toBe(url);
  });

  it('pays with 4242 4242 4242 4242: 303 to the success URL with the id, then paid and complete', async () => {
    const { id, url } = await openSession();
    const res = await payForm(url, {});
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(successFor(id));
    const session = await sb.stripe.checkout.sessions.retrieve(id, { expand: ['payment_intent'] });
    expect(session).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      url: null,
      customer_details: { email: 'ada@example.com', name: 'Ada Lovelace' },
    });
    const intent = session.payment_intent as { id: string; amount: number; status: string };
    expect(intent.id).toMatch(/^pi_/);
    expect(intent).toMatchObject({ amount: 32448, status: 'succeeded' });
  });

  it.each([
    ['4000 0000 0000 0002', declines.declined],
    ['4000 0000 0000 9995', declines.insufficientFunds],
    ['5555 5555 5555 4444', declines.unsupported],
  ])(
    'declines %s with a message, and the session stays open to pay with another card',
    async (card, message) => {
      const { id, url } = await openSession();
      const { page: res } = await pageAfter(await payForm(url, { cardNumber: card }), url);
      expect(res.status).toBe(200);
      const page = await res.text();
      expect(page).toContain(`<p class="alert" role="alert" id="payment-error">${message}</p>`);
      expect(page).toMatch(/id="cardNumber"[^>]*aria-describedby="payment-error"/);
      expect(page).toContain('value="ada@example.com"');
      expect((await sb.stripe.checkout.sessions.retrieve(id)).status).toBe('open');

      const retry = await payForm(url, {});
      expect(retry.status).toBe(303);
      expect((await sb.stripe.checkout.sessions.retrieve(id)).payment_status).toBe('paid');
    },
  );

  it('ties each field’s validation message to its field', async () => {
    const { id, url } = await openSession();
    const posted = await payForm(url, {
      email: 'not-an-email',
      cardNumber: '4242 4242 4242 4241',
      cardExpiry: '01 / 20',
      cardCvc: '12',
      billingName: ' ',
    });
    const { page: res } = await pageAfter(posted, url);
    expect(res.status).toBe(200);
    const page = await res.text();
    const expected = {
      email: fieldErrors.emailInvalid,
      cardNumber: fieldErrors.cardInvalid,
      cardExpiry: fieldErrors.expiryPast,
      cardCvc: fieldErrors.cvcIncomplete,
      billingName: fieldErrors.nameMissing,
    };
    for (const [field, message] of Object.entries(expected)) {
      expect(page).toMatch(
        new RegExp(`id="${field}"[^>]*aria-describedby="${field}-error"[^>]*aria-invalid="true"`),
      );
      expect(page).toContain(
        `<p class="field-error" id="${field}-error">${message.replaceAll("'", '&#39;')}</p>`,
      );
    }
    expect(page).toMatch(/id="email"[^>]*autofocus/);
    expect((await sb.stripe.checkout.sessions.retrieve(id)).status).toBe('open');
  });

  it('charges once however often the form is sent: double submit and back button just redirect again', async () => {
    const { id, url } = await openSession();
    const results = await Promise.all([payForm(url, {}), payForm(url, {}), payForm(url, {})]);
    expect(results.map((r) => r.status)).toEqual([303, 303, 303]);
    const first = await sb.stripe.checkout.sessions.retrieve(id);
    const later = await payForm(url, { cardNumber: '4000 0000 0000 0002' });
    expect(later.status).toBe(303);
    expect(later.headers.get('location')).toBe(successFor(id));
    const after = await sb.stripe.checkout.sessions.retrieve(id);
    expect(after.payment_intent).toBe(first.payment_intent);
    const completed = await sb.stripe.events.list({ type: 'checkout.session.completed' });
    expect(completed.data).toHaveLength(1);
    const page = await (await fetch(url)).text();
    expect(page).toContain(pageText.completeTitle);
    expect(page).toContain(`href="${successFor(id)}"`);
  });

  it('shows a clear page for an expired session and refuses to take payment on it', async () => {
    const { id, url } = await openSession();
    await sb.stripe.checkout.sessions.expire(id);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain(pageText.expiredTitle);
    expect(text).toContain('href="http://localhost:3000/keebshop/#/cart"');
    const { page: pay } = await pageAfter(await payForm(url, {}), url);
    expect(pay.status).toBe(200);
    expect(await pay.text()).toContain(pageText.expiredTitle);
    expect((await sb.stripe.checkout.sessions.retrieve(id)).payment_status).toBe('unpaid');
  });

  it('answers failed attempts with a redirect to a GET of the page, so Back and reload never post', async () => {
    const { id, url } = await openSession();
    for (const card of ['4000 0000 0000 0002', '4000 0000 0000 9995']) {
      const res = await payForm(url, { cardNumber: card });
      expect(res.status).toBe(303);
      expect(new URL(res.headers.get('location')!, url).href).toBe(url);
      expect(res.headers.get('set-cookie')).toMatch(/^sandbox_attempt=\w+;.*HttpOnly/i);
      const { cookie } = await pageAfter(res, url);
      // Reloading the page (a GET) shows the same decline again, and charges nothing.
      for (let i = 0; i < 2; i++) {
        const page = await fetch(url, { headers: { cookie } });
        expect(page.status).toBe(200);
        expect(await page.text()).toContain(
          card.endsWith('0002') ? declines.declined : declines.insufficientFunds,
        );
      }
    }
    // Without the cookie, or with another session's: the page as new.
    const other = await openSession();
    const { cookie } = await pageAfter(
      await payForm(other.url, { cardNumber: '4000 0000 0000 0002' }),
      other.url,
    );
    for (const headers of [{}, { cookie }] as Record<string, string>[]) {
      const fresh = await (await fetch(url, { headers })).text();
      expect(fresh).not.toContain(declines.declined);
    }
    expect((await sb.stripe.checkout.sessions.retrieve(id)).status).toBe('open');
  });

  it('answers an unknown session with a 404 page', async () => {
    const res = await fetch(`${sb.url}/c/pay/cs_test_unknown`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain(pageText.notFoundTitle);
  });
});
