// A shopper with a long order history, for the order-history browser tests: an account and paid
// checkouts made over HTTP against the browser tests' server, as its pages and the sandbox's
// hosted page would make them (sign up, sign in, checkout, pay with 4242, confirm).
import { newEmail, PASSWORD, SHIP_TO } from './purchase.ts';

interface Config {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

async function json<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The shop's public config, as the page reads it from its inline tag. */
async function pageConfig(baseURL: string): Promise<Config> {
  const html = await (await fetch(baseURL)).text();
  const tag = /<script type="application\/json" id="app-config">(.*?)<\/script>/s.exec(html);
  if (!tag) throw new Error('the page carries no app-config');
  return JSON.parse(tag[1]!) as Config;
}

/**
 * A new account with `orders` paid orders, one checkout each (every fifth of two lines); resolves
 * its email (the password is purchase.ts's PASSWORD).
 */
export async function shopperWithOrders(baseURL: string, orders: number): Promise<string> {
  const { supabaseUrl: shop, supabaseAnonKey: anonKey } = await pageConfig(baseURL);
  const email = newEmail('history');
  const headers = { apikey: anonKey, 'content-type': 'application/json' };
  const credentials = JSON.stringify({ email, password: PASSWORD });
  await json(
    await fetch(`${shop}/auth/v1/signup`, { method: 'POST', headers, body: credentials }),
    'sign-up',
  );
  const { access_token: token } = await json<{ access_token: string }>(
    await fetch(`${shop}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers,
      body: credentials,
    }),
    'sign-in',
  );
  const asShopper = { ...headers, authorization: `Bearer ${token}` };
  for (let i = 0; i < orders; i++) {
    const items = [{ key: 'keyboards:1', color: 'Black', quantity: 1 }];
    if (i % 5 === 0) items.push({ key: 'switches:205', color: 'Blue', quantity: 2 });
    const session = await json<{ id: string; url: string }>(
      await fetch(`${shop}/functions/v1/checkout`, {
        method: 'POST',
        headers: asShopper,
        body: JSON.stringify({ items }),
      }),
      'checkout',
    );
    // The hosted page asks for an address and a rate: the one it checks first (Standard).
    const form = await (await fetch(session.url)).text();
    const rate = /name="shippingRate"\s+value="([^"]+)"/.exec(form)?.[1] ?? '';
    const paid = await fetch(session.url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        email: 'buyer@example.com',
        cardNumber: '4242 4242 4242 4242',
        cardExpiry: '12 / 34',
        cardCvc: '123',
        billingName: 'Ada Lovelace',
        shippingName: SHIP_TO.name,
        line1: SHIP_TO.line1,
        city: SHIP_TO.city,
        state: SHIP_TO.state,
        postalCode: SHIP_TO.postalCode,
        country: SHIP_TO.country,
        shippingRate: rate,
      }),
    });
    if (paid.status !== 303) throw new Error(`payment: ${paid.status}`);
    const saved = await json<{ status: string }>(
      await fetch(`${shop}/functions/v1/confirm-checkout`, {
        method: 'POST',
        headers: asShopper,
        body: JSON.stringify({ session_id: session.id }),
      }),
      'confirm',
    );
    if (saved.status !== 'saved') throw new Error(`confirm: ${JSON.stringify(saved)}`);
  }
  return email;
}
