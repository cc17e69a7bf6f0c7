// The slot as the app mounts it: the page's app-config tag, the app-wide session store, and the
// session a previous visit left in localStorage under supabase-js's key.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Router } from 'wouter';
import { ToastProvider } from '../../components/toast/index.ts';
import { useHashPath } from '../../lib/hash-location.ts';
import { authStorageKey } from '../../lib/session-hint.ts';
import { sessionStore } from '../../lib/session-react.tsx';
import { createBackend } from '../../lib/supabase-clients.ts';
import { startTestShop, type TestShop } from '../../lib/test-shop.testing.tsx';
import { AccountSlot } from './index.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop();
}, 60_000);
afterAll(async () => {
  await sessionStore.dispose();
  document.getElementById('app-config')?.remove();
  await shop.close();
});

it("shows a returning shopper's account button on the first frame, then their menu", async () => {
  const { url, anonKey } = shop.server;
  const tag = Object.assign(document.createElement('script'), {
    type: 'application/json',
    id: 'app-config',
    textContent: JSON.stringify({ supabaseUrl: url, supabaseAnonKey: anonKey }),
  });
  document.head.append(tag);

  // An earlier visit logged in; its session is in localStorage under the page's key.
  const email = 'returning@example.com';
  await shop.createAccount(email, 'returning-password-1');
  const earlier = createBackend(
    { supabaseUrl: url, supabaseAnonKey: anonKey },
    { autoRefreshToken: false },
  );
  const { error } = await earlier.auth.signInWithPassword({
    email,
    password: 'returning-password-1',
  });
  expect(error).toBeNull();
  await earlier.dispose();
  expect(localStorage.getItem(authStorageKey(url))).toContain('refresh_token');

  render(
    <Router hook={useHashPath}>
      <ToastProvider>
        <AccountSlot linkClassName="site-nav__link" />
      </ToastProvider>
    </Router>,
  );
  // First frame: no Login link, the account button (the menu's chunk is still loading).
  expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
  expect(screen.getByRole('button', { name: 'Account menu' })).toBeTruthy();

  // A click before the menu's chunk is in is not lost: the menu opens when it arrives.
  const user = userEvent.setup();
  const placeholder = screen.getByRole('button', { name: 'Account menu' });
  expect(placeholder.getAttribute('aria-controls')).toBeNull();
  await user.click(placeholder);
  const menu = await screen.findByRole('menu');
  expect(
    within(menu)
      .getAllByRole('menuitem')
      .map((i) => i.textContent),
  ).toEqual(['Order History', 'Settings', 'Logout']);
  expect(document.activeElement).toBe(
    within(menu).getByRole('menuitem', { name: 'Order History' }),
  );
  expect(await screen.findByText(email)).toBeTruthy();

  // Logging out turns the slot back into the Login link.
  await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));
  const login = await screen.findByRole('link', { name: 'Login' });
  expect(login.getAttribute('href')).toBe('#/login');
  expect(login.className).toBe('site-nav__link');
  expect(localStorage.getItem(authStorageKey(url))).toBeNull();
});
