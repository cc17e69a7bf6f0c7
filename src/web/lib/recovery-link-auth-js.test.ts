// The recovery link as auth-js itself reads it: a client that detects the session in the URL
// (detectSessionInUrl, GoTrue's implicit flow) gets PASSWORD_RECOVERY with the shopper's session
// from the page the server's /verify redirect leads to. The shop captures the fragment itself
// (docs/decisions/0031-sessions-from-mailed-links.md); this keeps the server true to the client.
import { GoTrueClient, type AuthChangeEvent, type Session } from '@supabase/auth-js';
import { afterEach, expect, it } from 'vitest';
import { lastMail, linkIn } from './mail.testing.ts';
import { testShopPerFile } from './test-shop.testing.tsx';

const shop = testShopPerFile();
const clients: GoTrueClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.dispose();
  window.history.replaceState(null, '', '/keebshop/');
});

it('a recovery link lands with a session auth-js announces as PASSWORD_RECOVERY', async () => {
  const email = 'recover-auth-js@example.com';
  await shop.createAccount(email, 'first password 1');
  const headers = { apikey: shop.server.anonKey, Authorization: `Bearer ${shop.server.anonKey}` };
  const asker = new GoTrueClient({
    url: `${shop.server.url}/auth/v1`,
    headers,
    storageKey: 'asker',
    autoRefreshToken: false,
    detectSessionInUrl: false,
  });
  clients.push(asker);
  const { error } = await asker.resetPasswordForEmail(email, {
    redirectTo: `${shop.server.url}/keebshop/`,
  });
  expect(error).toBeNull();

  // The mail reader's browser follows the link; the server answers 303 to the shop.
  const link = linkIn(await lastMail(shop, email, 'recovery'));
  const { pathname, search } = new URL(link);
  const res = await fetch(`${shop.server.url}${pathname}${search}`, { redirect: 'manual' });
  expect(res.status).toBe(303);
  const landing = new URL(res.headers.get('location') ?? '');
  window.history.replaceState(null, '', `${landing.pathname}${landing.hash}`);

  const events: [AuthChangeEvent, Session | null][] = [];
  const reader = new GoTrueClient({
    url: `${shop.server.url}/auth/v1`,
    headers,
    storageKey: 'reader',
    autoRefreshToken: false,
    detectSessionInUrl: true,
  });
  clients.push(reader);
  reader.onAuthStateChange((event, session) => void events.push([event, session]));
  await reader.initialize();
  await expect.poll(() => events.map(([event]) => event)).toContain('PASSWORD_RECOVERY');
  const [, session] = events.find(([event]) => event === 'PASSWORD_RECOVERY')!;
  expect(session?.user.email).toBe(email);

  // The recovery session sets the new password, which then logs in.
  expect((await reader.updateUser({ password: 'second password 2' })).error).toBeNull();
  const { error: signInError } = await asker.signInWithPassword({
    email,
    password: 'second password 2',
  });
  expect(signInError).toBeNull();
});
