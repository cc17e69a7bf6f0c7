// Stock for the browser tests: another shopper's open checkout holding units over HTTP, as the
// shop's pages would start it, so a product and colour is sold out or short without staff access.
import { newEmail, PASSWORD } from './purchase.ts';

async function json<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Holds `quantity` units of a product and colour in a new shopper's open checkout session. */
export async function holdUnits(
  baseURL: string,
  key: string,
  color: string,
  quantity: number,
): Promise<void> {
  const html = await (await fetch(baseURL)).text();
  const tag = /<script type="application\/json" id="app-config">(.*?)<\/script>/s.exec(html);
  if (!tag) throw new Error('the page carries no app-config');
  const { supabaseUrl: shop, supabaseAnonKey: anonKey } = JSON.parse(tag[1]!) as {
    supabaseUrl: string;
    supabaseAnonKey: string;
  };
  const headers = { apikey: anonKey, 'content-type': 'application/json' };
  const credentials = JSON.stringify({ email: newEmail('holder'), password: PASSWORD });
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
  // Lines of the same product and colour add up; one line takes at most 99.
  const items = [];
  for (let left = quantity; left > 0; left -= 99) {
    items.push({ key, color, quantity: Math.min(left, 99) });
  }
  await json(
    await fetch(`${shop}/functions/v1/checkout`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${token}` },
      body: JSON.stringify({ items }),
    }),
    'checkout',
  );
}
