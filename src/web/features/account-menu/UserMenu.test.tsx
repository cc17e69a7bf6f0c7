import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { navigate } from '../../lib/hash-location.ts';
import type { SessionStore } from '../../lib/session.ts';
import { signIn, testShopPerFile } from '../../lib/test-shop.testing.tsx';
import { UserMenu } from './UserMenu.tsx';

const shop = testShopPerFile();
const password = 'menu-password-1';
let email = '';
let n = 0;

async function renderSignedIn(role?: 'staff') {
  email = `menu-${++n}@example.com`;
  const userId = await shop.createAccount(email, password);
  if (role) {
    await shop.server.query(
      `UPDATE auth.users SET raw_app_meta_data = raw_app_meta_data || '{"role":"staff"}'::jsonb
       WHERE id = $1`,
      [userId],
    );
  }
  const store = shop.newStore();
  await signIn(store, email, password);
  shop.renderPage(<UserMenu loginLink={<a href="#/login">Login</a>} />, store);
  const button = await screen.findByRole('button', { name: 'Account menu' });
  return { store, button };
}

const menu = () => screen.queryByRole('menu');
const item = (name: string) => screen.getByRole('menuitem', { name });

describe('account menu', () => {
  it('is a menu button that opens Order History, Settings and Logout, and names the shopper', async () => {
    const user = userEvent.setup();
    const { button } = await renderSignedIn();
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(menu()).toBeNull();

    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const items = within(menu()!).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Order History', 'Settings', 'Logout']);
    expect(item('Order History').getAttribute('href')).toBe('#/orderHistory');
    expect(item('Settings').getAttribute('href')).toBe('#/settings');
    expect(screen.getByText(email).textContent).toBe(email);
    expect(document.activeElement).toBe(item('Order History'));
  });

  it('offers staff the back office, between Settings and Logout', async () => {
    const user = userEvent.setup();
    const { button } = await renderSignedIn('staff');
    await user.click(button);
    const items = within(menu()!).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Order History',
      'Settings',
      'Admin',
      'Logout',
    ]);
    expect(item('Admin').getAttribute('href')).toBe('#/admin');
  });

  it('is used by keyboard: arrows move and wrap, Home and End jump, Escape closes back to the button', async () => {
    const user = userEvent.setup();
    const { button } = await renderSignedIn();
    button.focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(item('Order History'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(item('Settings'));
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toBe(item('Order History'));
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(item('Logout'));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(item('Order History'));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(item('Logout'));

    await user.keyboard('{Escape}');
    expect(menu()).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);

    // ArrowUp on the button opens the menu at its last item.
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(item('Logout'));
  });

  it('closes on a click outside it', async () => {
    const user = userEvent.setup();
    const { button } = await renderSignedIn();
    await user.click(button);
    expect(menu()).not.toBeNull();
    await user.click(document.body);
    expect(menu()).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes when the route changes: Back, Forward or a link elsewhere on the page', async () => {
    const user = userEvent.setup();
    navigate('/keyboard');
    navigate('/switches');
    const { button } = await renderSignedIn();

    await user.click(button);
    expect(menu()).not.toBeNull();
    act(() => window.history.back());
    await waitFor(() => expect(window.location.hash).toBe('#/keyboard'));
    await waitFor(() => expect(menu()).toBeNull());
    expect(button.getAttribute('aria-expanded')).toBe('false');

    await user.click(button);
    expect(menu()).not.toBeNull();
    act(() => window.history.forward());
    await waitFor(() => expect(window.location.hash).toBe('#/switches'));
    await waitFor(() => expect(menu()).toBeNull());

    // Open again on the new page: the menu still works.
    await user.click(button);
    expect(menu()).not.toBeNull();
    act(() => navigate('/cart'));
    await waitFor(() => expect(menu()).toBeNull());
  });

  it('closes when an item is chosen', async () => {
    const user = userEvent.setup();
    const { button } = await renderSignedIn();
    await user.click(button);
    await user.click(item('Settings'));
    expect(menu()).toBeNull();
    expect(window.location.hash).toBe('#/settings');
  });

  it('logs out: the session ends on the server, the menu closes and the page goes to /', async () => {
    const user = userEvent.setup();
    window.location.hash = '#/settings';
    const { store, button } = await renderSignedIn();
    const { data } = await (await store.backend()).auth.getSession();
    const token = data.session?.access_token;

    await user.click(button);
    await user.click(item('Logout'));

    expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Account menu' })).toBeNull();
    await waitFor(() => expect(window.location.hash).toBe('#/'));
    expect(store.getState()).toMatchObject({ status: 'signedOut', user: null });
    expect(shop.requests).toContain('POST /auth/v1/logout?scope=global');
    // The old token is refused now: the server ended the session.
    const refused = await fetch(`${shop.server.url}/auth/v1/user`, {
      headers: { apikey: shop.server.anonKey, Authorization: `Bearer ${token}` },
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
  });

  async function reloadAfter(end: (email: string, store: SessionStore) => Promise<void>) {
    email = `menu-${++n}@example.com`;
    await shop.createAccount(email, password);
    const earlier = shop.newStore();
    await signIn(earlier, email, password);
    await end(email, earlier);
    const reloaded = shop.newStore(earlier.storageKey);
    expect(reloaded.getState().status).toBe('loading');
    shop.renderPage(<UserMenu loginLink={<a href="#/login">Login</a>} />, reloaded);
    // The stored session first shows the account button, until the server's answer.
    expect(screen.getByRole('button', { name: 'Account menu' })).toBeTruthy();
    return reloaded;
  }

  it.each([
    [
      'signed out on another device',
      async (address: string) => {
        const elsewhere = shop.newStore();
        await signIn(elsewhere, address, password);
        await elsewhere.signOut();
      },
    ],
    [
      'account deleted',
      async (_address: string, store: SessionStore) => {
        const { error } = await (await store.backend()).db.rpc('delete_user');
        expect(error).toBeNull();
      },
    ],
  ])('signs out quietly when the session ended elsewhere (%s)', async (_label, end) => {
    const reloaded = await reloadAfter(end);
    expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
    expect(reloaded.getState()).toMatchObject({ status: 'signedOut', user: null });
    expect(reloaded.getState().userError).toBeNull();
    expect(screen.queryByText(/Failed to fetch user/)).toBeNull();
    expect(screen.queryByText(/Auth session missing/)).toBeNull();
  });

  it('says "Failed to fetch user: " plainly when the server cannot be reached', async () => {
    const reloaded = await reloadAfter(() => {
      shop.failNext(/\/auth\/v1\/user/, () => new Response('Bad gateway', { status: 502 }));
      return Promise.resolve();
    });
    const alert = await screen.findByText(
      'Failed to fetch user: the shop could not be reached. Check your connection.',
    );
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(reloaded.getState().status).not.toBe('signedOut');
  });
});
