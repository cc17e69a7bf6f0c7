import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findAlert, testShopPerFile } from '../../lib/test-shop.testing.tsx';
import { LoginPage } from './index.ts';

const shop = testShopPerFile();
const password = 'correct-horse-1';
let email = '';
let n = 0;

async function renderLogin() {
  n += 1;
  email = `login-${n}@example.com`;
  await shop.createAccount(email, password);
  const store = shop.newStore();
  shop.renderPage(<LoginPage />, store);
  return store;
}

async function fill(user: ReturnType<typeof userEvent.setup>, address: string, secret: string) {
  await user.type(screen.getByLabelText('Email'), address);
  await user.type(screen.getByLabelText('Password'), secret);
}

describe('Login page', () => {
  it('shows the logo, the heading, the lead, required fields and a link to sign up', async () => {
    await renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Keebshop' })).toBeTruthy();
    expect(screen.getByText('Enter your email and password')).toBeTruthy();
    const emailInput = screen.getByLabelText('Email') as HTMLInputElement;
    const passwordInput = screen.getByLabelText('Password') as HTMLInputElement;
    expect([emailInput.required, emailInput.type, emailInput.autocomplete]).toEqual([
      true,
      'email',
      'email',
    ]);
    expect([passwordInput.required, passwordInput.type, passwordInput.autocomplete]).toEqual([
      true,
      'password',
      'current-password',
    ]);
    expect(screen.getByRole('link', { name: /^No account\?/ }).getAttribute('href')).toBe(
      '#/signup',
    );
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '#/forgotPassword',
    );
  });

  it('is busy while the server works, then says "Login successful!" and goes to /', async () => {
    const user = userEvent.setup();
    const store = await renderLogin();
    window.location.hash = '#/login';
    await fill(user, email, password);
    const release = shop.hold(/\/auth\/v1\/token\?grant_type=password/);
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const busy = await screen.findByRole('button', { name: 'Logging in…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    release();

    expect(await screen.findByText('Login successful!')).toBeTruthy();
    await waitFor(() => expect(window.location.hash).toBe('#/'));
    expect(store.getState()).toMatchObject({ status: 'signedIn', user: { email } });
  });

  it('submits with Enter', async () => {
    const user = userEvent.setup();
    const store = await renderLogin();
    await fill(user, email, `${password}{Enter}`);
    expect(await screen.findByText('Login successful!')).toBeTruthy();
    expect(store.getState().status).toBe('signedIn');
  });

  it("shows the server's message when the password is wrong, and stays signed out", async () => {
    const user = userEvent.setup();
    const store = await renderLogin();
    window.location.hash = '#/login';
    await fill(user, email, 'not-the-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await findAlert('Invalid login credentials')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(window.location.hash).toBe('#/login');
    expect(store.getState().status).toBe('signedOut');
    expect(screen.queryByText('Login successful!')).toBeNull();
  });

  it.each([
    ['#/login?returnTo=%2Fcart', '#/cart'],
    ['#/login?returnTo=https%3A%2F%2Fevil.example%2F', '#/'],
    ['#/login?returnTo=%2F%2Fevil.example', '#/'],
  ])('from %s goes to %s after login', async (start, end) => {
    const user = userEvent.setup();
    window.location.hash = start;
    await renderLogin();
    await fill(user, email, password);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login successful!')).toBeTruthy();
    await waitFor(() => expect(window.location.hash).toBe(end));
  });
});
