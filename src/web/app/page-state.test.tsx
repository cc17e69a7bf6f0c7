// The shell mounts a page afresh on each visit to its route: what a page showed (the
// Forgot-password page's answer) is gone when the shopper leaves it and comes back, by a link or
// by Back and Forward. Returning through the browser's back/forward cache is the page's own
// concern (ForgotPasswordPage.test.tsx).
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { navigate } from '../lib/hash-location.ts';
import { sessionStore } from '../lib/session-react.tsx';
import { startTestShop, type TestShop } from '../lib/test-shop.testing.tsx';
import { App } from './App.tsx';

let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop();
}, 60_000);
afterAll(async () => {
  await sessionStore.dispose();
  document.getElementById('app-config')?.remove();
  await shop.close();
});

const SENT = 'If an account exists for that address, we have sent a link to reset the password.';
const heading = (name: string) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

it('shows the Forgot-password form again after the shopper leaves the page and comes back', async () => {
  const { url, anonKey } = shop.server;
  const tag = Object.assign(document.createElement('script'), {
    type: 'application/json',
    id: 'app-config',
    textContent: JSON.stringify({ supabaseUrl: url, supabaseAnonKey: anonKey }),
  });
  document.head.append(tag);
  window.history.replaceState(null, '', '#/login');
  render(<App />);
  const user = userEvent.setup();
  await heading('Login');
  await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
  await heading('Forgot password');
  await user.type(screen.getByLabelText('Email'), 'page-state@example.com');
  await user.click(screen.getByRole('button', { name: 'Send reset link' }));
  await screen.findByText(SENT);

  // Back to the login page, then Forward: the form, not the answer.
  act(() => window.history.back());
  await heading('Login');
  act(() => window.history.forward());
  await heading('Forgot password');
  expect(screen.queryByText(SENT)).toBeNull();
  expect(screen.getByRole('button', { name: 'Send reset link' })).toBeTruthy();

  // Away by a link and back by another.
  await user.type(screen.getByLabelText('Email'), 'page-state-2@example.com');
  await user.click(screen.getByRole('button', { name: 'Send reset link' }));
  await screen.findByText(SENT);
  act(() => navigate('/keyboard'));
  await heading('Keyboards');
  act(() => navigate('/forgotPassword'));
  await heading('Forgot password');
  expect(screen.queryByText(SENT)).toBeNull();
  expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
});
