// Signed-in shoppers for tests about something other than the Sign Up and Login pages: the account
// is made and its session taken over HTTP, as those pages do (POST /auth/v1/signup, then
// /auth/v1/token?grant_type=password), and the browser gets the session where the storefront's
// auth client keeps it: localStorage under `sb-<first hostname label>-auth-token`
// (src/web/lib/session-hint.ts), holding the token endpoint's answer as is. The shop then opens
// signed in, as it does after a log-in and a reload.
import type { BrowserContext, Page } from '@playwright/test';
import { authStorageKey } from '../../../src/web/lib/session-hint.ts';
import { shopURL } from './shared-server.ts';

export const PASSWORD = 'correct horse battery staple';

let counter = 0;
export function newEmail(label = 'shopper'): string {
  counter += 1;
  return `${label}-${Date.now()}-${process.pid}-${counter}@example.com`;
}

/** The shop's public config, as the page reads it from its inline tag. */
export interface ShopConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

// One read per shop and worker: the config does not change while a server runs.
const configs = new Map<string, Promise<ShopConfig>>();

export function shopConfig(base = shopURL()): Promise<ShopConfig> {
  let config = configs.get(base);
  if (!config) {
    config = (async () => {
      const html = await (await fetch(base)).text();
      const tag = /<script type="application\/json" id="app-config">(.*?)<\/script>/s.exec(html);
      if (!tag) throw new Error('the page carries no app-config');
      return JSON.parse(tag[1]!) as ShopConfig;
    })();
    configs.set(base, config);
  }
  return config;
}

/** POSTs `body` to the shop's `path` with the anon key (and a shopper's token); its JSON. */
export async function postToShop<T>(
  shop: ShopConfig,
  path: string,
  body: unknown,
  token?: string,
): Promise<T> {
  const res = await fetch(`${shop.supabaseUrl}${path}`, {
    method: 'POST',
    headers: {
      apikey: shop.supabaseAnonKey,
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A session as the token endpoint answers it (auth-js stores it as is). */
export interface Session {
  access_token: string;
  refresh_token: string;
  [field: string]: unknown;
}

/** A new account, as the Sign Up page makes it. */
export async function signUpOverHttp(email: string, password = PASSWORD, base = shopURL()) {
  await postToShop(await shopConfig(base), '/auth/v1/signup', { email, password });
}

/** A new session of the account, as the Login page takes it. */
export async function logInOverHttp(
  email: string,
  password = PASSWORD,
  base = shopURL(),
): Promise<Session> {
  const shop = await shopConfig(base);
  return postToShop<Session>(shop, '/auth/v1/token?grant_type=password', { email, password });
}

/** A browser storage state signed in as `email` on the shop at `base`. */
export async function signedInState(email: string, password = PASSWORD, base = shopURL()) {
  const shop = await shopConfig(base);
  const session = await logInOverHttp(email, password, base);
  const localStorage = [{ name: authStorageKey(shop.supabaseUrl), value: JSON.stringify(session) }];
  return { cookies: [], origins: [{ origin: new URL(base).origin, localStorage }] };
}

/**
 * Signs the browser context in as `email`. It replaces the context's storage, so it comes before
 * the test's first page of the shop.
 */
export async function logInBrowser(
  context: BrowserContext,
  email: string,
  password = PASSWORD,
  base = shopURL(),
): Promise<void> {
  await context.setStorageState(await signedInState(email, password, base));
}

/** A new account, signed in in the page's browser context; resolves its email. */
export async function newShopper(page: Page, label?: string): Promise<string> {
  const email = newEmail(label);
  await signUpOverHttp(email);
  await logInBrowser(page.context(), email);
  return email;
}

/** The session the page holds for the shop at `base`, as its auth client stored it. */
export async function storedSession(page: Page, base = shopURL()): Promise<Session> {
  const key = authStorageKey((await shopConfig(base)).supabaseUrl);
  const stored = await page.evaluate((name) => localStorage.getItem(name), key);
  if (!stored) throw new Error(`the page holds no session under ${key}`);
  return JSON.parse(stored) as Session;
}
