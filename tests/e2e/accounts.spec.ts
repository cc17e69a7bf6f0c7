// Accounts in the browser against the real server: sign-up, login, the account menu, settings,
// deletion, the order history and the session's life (reload, refresh). docs/product.md, Login,
// Sign up, Session, Account settings and Order history.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { launchServer, type ServerProcess } from '../../src/server/test-support/launch.ts';
import { expect, heading, mainNav, openRoute, test } from './support/app.ts';
import { logInBrowser, newEmail, signUpOverHttp } from './support/session.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

function accountButton(page: Page) {
  return mainNav(page).getByRole('button', { name: 'Account menu', exact: true });
}

function loginLink(page: Page) {
  return mainNav(page).getByRole('link', { name: 'Login', exact: true });
}

async function signUp(page: Page, email: string, password: string): Promise<void> {
  await page.goto('#/signup');
  await expect(heading(page, 'Sign Up')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText('Signup successful! Please log in.', { exact: true })).toBeVisible();
  await expect(heading(page, 'Login')).toBeVisible();
  await expect(page).toHaveURL(/#\/login$/);
}

async function fillLogin(page: Page, email: string, password: string, base = ''): Promise<void> {
  if (!(await heading(page, 'Login').isVisible())) {
    await page.goto(`${base}#/login`);
    await expect(heading(page, 'Login')).toBeVisible();
  }
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

async function logIn(page: Page, email: string, password: string, base = ''): Promise<void> {
  const loggedIn = page.getByText('Login successful!', { exact: true });
  // A toast of an earlier log-in in the same test may still show (toasts last 5 s): wait until it
  // has gone, so the one asserted below is this log-in's.
  await expect(loggedIn).toHaveCount(0, { timeout: 10_000 });
  await fillLogin(page, email, password, base);
  await expect(loggedIn).toBeVisible();
  await expect(heading(page, 'Find Your Perfect Gaming Keyboard')).toBeVisible();
  await expect(page).toHaveURL(/#\/home$/);
  await expect(accountButton(page)).toBeVisible();
}

async function openMenuItem(page: Page, name: 'Order History' | 'Settings' | 'Logout') {
  await accountButton(page).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await menu.getByRole('menuitem', { name, exact: true }).click();
  await expect(menu).toBeHidden();
}

test.describe('an account from sign-up to deletion', () => {
  test('sign up, log in, change the password, log out, log in again, delete the account', async ({
    page,
  }) => {
    const email = newEmail();
    const first = 'first-password-1';
    const second = 'second-password-2';

    await signUp(page, email, first);
    await logIn(page, email, first);
    await expect(loginLink(page)).toHaveCount(0);
    // The session the Login page took is kept: a reload stays signed in (the other tests of a
    // signed-in shopper start from a session stored for them, support/session.ts).
    await page.reload();
    await expect(heading(page, 'Find Your Perfect Gaming Keyboard')).toBeVisible();
    await expect(accountButton(page)).toBeVisible();

    // The menu names the shopper, as text.
    await accountButton(page).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expect(page.getByText(email, { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(accountButton(page)).toBeFocused();

    await openMenuItem(page, 'Settings');
    await expect(heading(page, 'Account Settings')).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
    await page.getByLabel('New Password', { exact: true }).fill(second);
    await page.getByRole('button', { name: 'Update Password', exact: true }).click();
    await expect(page.getByText('Password updated!', { exact: true })).toBeVisible();

    await openMenuItem(page, 'Logout');
    await expect(page).toHaveURL(/#\/home$/);
    await expect(loginLink(page)).toBeVisible();
    await expect(accountButton(page)).toHaveCount(0);

    // The old password no longer works; the new one does.
    await fillLogin(page, email, first);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Invalid login credentials' }),
    ).toBeVisible();
    await logIn(page, email, second);

    await openMenuItem(page, 'Settings');
    await page.getByRole('button', { name: 'Delete Account', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    await expect(
      dialog.getByText('Are you sure you want to delete your account? This cannot be undone.', {
        exact: true,
      }),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Yes, delete my account', exact: true }).click();
    await expect(page.getByText('Account deleted.', { exact: true })).toBeVisible();
    await expect(heading(page, 'Sign Up')).toBeVisible();
    await expect(page).toHaveURL(/#\/signup$/);
    await expect(loginLink(page)).toBeVisible();

    await fillLogin(page, email, second);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Invalid login credentials' }),
    ).toBeVisible();
    await expect(accountButton(page)).toHaveCount(0);
  });
});

test.describe('a signed-in shopper', () => {
  const password = 'a-good-password-1';
  let email: string;

  // Signed in over HTTP: the test above walks the Sign Up and Login pages.
  test.beforeEach(async ({ page }) => {
    email = newEmail();
    await signUpOverHttp(email, password);
    await logInBrowser(page.context(), email, password);
    await openRoute(page, '#/home', 'Find Your Perfect Gaming Keyboard');
    await expect(accountButton(page)).toBeVisible();
  });

  test('sees an empty order history', async ({ page }) => {
    await openMenuItem(page, 'Order History');
    await expect(heading(page, 'Order History')).toBeVisible();
    await expect(page.getByText('You have no past orders.', { exact: true })).toBeVisible();
  });

  test('stays signed in across a reload', async ({ page }) => {
    await page.reload();
    await expect(heading(page, 'Find Your Perfect Gaming Keyboard')).toBeVisible();
    await expect(accountButton(page)).toBeVisible();
    await page.goto('#/settings');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  });

  test('is signed out quietly when the password is changed on another device', async ({ page }) => {
    // The other device: signs in and changes the password, which ends every other session.
    const html = await (await fetch(page.url())).text();
    const tag = /<script type="application\/json" id="app-config">(.*?)<\/script>/s.exec(html);
    const { supabaseUrl, supabaseAnonKey } = JSON.parse(tag![1]!) as Record<string, string>;
    const headers = { apikey: supabaseAnonKey!, 'content-type': 'application/json' };
    const signIn = await fetch(`${supabaseUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password }),
    });
    const { access_token: token } = (await signIn.json()) as { access_token: string };
    const changed = await fetch(`${supabaseUrl}/auth/v1/user`, {
      method: 'PUT',
      headers: { ...headers, authorization: `Bearer ${token}` },
      body: JSON.stringify({ password: 'another-good-password-2' }),
    });
    expect(changed.status).toBe(200);

    await page.reload();
    await expect(mainNav(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    await expect(accountButton(page)).toHaveCount(0);
    await expect(page.getByText(/Failed to fetch user|Auth session missing/)).toHaveCount(0);
  });

  test('closes the menu on a click outside it', async ({ page }) => {
    await accountButton(page).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await heading(page, 'Find Your Perfect Gaming Keyboard').click();
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(accountButton(page)).toHaveAttribute('aria-expanded', 'false');
  });

  for (const colorScheme of ['dark', 'light'] as const) {
    test(`settings and order history have no axe violations (${colorScheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      for (const [hash, h1, ready] of [
        ['#/settings', 'Account Settings', 'Update Email'],
        ['#/orderHistory', 'Order History', 'You have no past orders.'],
      ] as const) {
        await page.goto(hash);
        await expect(heading(page, h1)).toBeVisible();
        await expect(page.getByText(ready, { exact: true })).toBeVisible();
        const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
        expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' '))}`)).toEqual(
          [],
        );
      }
      // The open account menu too.
      await accountButton(page).click();
      await expect(page.getByRole('menu')).toBeVisible();
      const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' '))}`)).toEqual(
        [],
      );
    });
  }
});

test.describe('forms with their messages', () => {
  for (const colorScheme of ['dark', 'light'] as const) {
    test(`login and sign-up with an error shown have no axe violations (${colorScheme})`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme });
      await fillLogin(page, newEmail(), 'wrong-password-1');
      await expect(
        page.getByRole('alert').filter({ hasText: 'Invalid login credentials' }),
      ).toBeVisible();
      let result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      expect(result.violations.map((v) => v.id)).toEqual([]);

      await page.goto('#/signup');
      await page.getByLabel('Email', { exact: true }).fill(newEmail());
      await page.getByLabel('Password', { exact: true }).fill('one-password-1');
      await page.getByLabel('Confirm password', { exact: true }).fill('another-password-2');
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      await expect(
        page.getByRole('alert').filter({ hasText: 'Passwords do not match' }),
      ).toBeVisible();
      result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      expect(result.violations.map((v) => v.id)).toEqual([]);
    });
  }
});

/** The exp claim of a JWT, in seconds. */
function expiresAt(jwt: string): number {
  const payload = jwt.split('.')[1] ?? '';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp: number }).exp;
}

test.describe('an access token that expires', () => {
  // A server of its own whose tokens live 5 seconds (see support/short-token-server.ts).
  let server: ServerProcess | undefined;
  let origin = '';

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await launchServer({
      entry: 'tests/e2e/support/short-token-server.ts',
      output: 'inherit',
      env: { SHORT_JWT_EXPIRY: '5' },
      readyWithinMs: 90_000,
    });
    origin = server.origin;
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('is refreshed without the shopper noticing', async ({ page }) => {
    const base = `${origin}/keebshop/`;
    const email = newEmail();
    const password = 'short-lived-token-1';
    await signUpOverHttp(email, password, base);
    // Logged in on the page, not handed a stored session: the shop's auth client (auth-js) refreshes
    // a stored session near its expiry as the page starts, and with 5 s tokens every one is, so the
    // page would not keep the token this test lets expire.
    await logIn(page, email, password, base);

    // Wait until the token the page holds has really expired: the server now refuses it.
    const storageKey = 'sb-127-auth-token';
    const storedToken = () =>
      page.evaluate((key) => {
        const session = JSON.parse(localStorage.getItem(key) ?? 'null') as {
          access_token: string;
        } | null;
        return session?.access_token ?? '';
      }, storageKey);
    const expired = await storedToken();
    expect(expired).not.toBe('');
    await expect
      .poll(() => Date.now() / 1000 > expiresAt(expired) + 1, { timeout: 15_000, intervals: [500] })
      .toBe(true);
    expect(await storedToken()).toBe(expired);
    const anonKey = await page.evaluate(
      () =>
        (
          JSON.parse(document.getElementById('app-config')?.textContent ?? '{}') as {
            supabaseAnonKey: string;
          }
        ).supabaseAnonKey,
    );
    const refused = await page.request.get(`${origin}/auth/v1/user`, {
      headers: { apikey: anonKey, Authorization: `Bearer ${expired}` },
    });
    expect(refused.status()).toBeGreaterThanOrEqual(400);

    // A data call now goes out with a fresh token, and the shopper just sees their page.
    const refreshed = page.waitForResponse((r) =>
      r.url().includes('/auth/v1/token?grant_type=refresh_token'),
    );
    const orders = page.waitForResponse((r) => r.url().includes('/rest/v1/rpc/order_history'));
    await openMenuItem(page, 'Order History');
    expect((await refreshed).status()).toBe(200);
    const ordersResponse = await orders;
    expect(ordersResponse.status()).toBe(200);
    const bearer = await ordersResponse.request().headerValue('authorization');
    expect(bearer).toMatch(/^Bearer ey/);
    expect(bearer).not.toBe(`Bearer ${expired}`);
    await expect(page.getByText('You have no past orders.', { exact: true })).toBeVisible();
    await expect(accountButton(page)).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(0);
  });
});
