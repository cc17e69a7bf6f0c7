import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findAlert, testShopPerFile } from '../../lib/test-shop.testing.tsx';
import { SignUpPage } from './index.ts';

const shop = testShopPerFile();
let n = 0;
const nextEmail = () => `signup-${++n}@example.com`;

function renderSignUp() {
  const store = shop.newStore();
  shop.renderPage(<SignUpPage />, store);
  return store;
}

async function submit(email: string, password: string, confirm: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
}

describe('Sign Up page', () => {
  it('asks for email, password and its confirmation, all required', () => {
    renderSignUp();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeTruthy();
    for (const label of ['Email', 'Password', 'Confirm password']) {
      expect((screen.getByLabelText(label) as HTMLInputElement).required).toBe(true);
    }
  });

  it('says "Passwords do not match" and sends nothing when the two differ', async () => {
    renderSignUp();
    await submit(nextEmail(), 'first-password-1', 'other-password-2');
    expect(await findAlert('Passwords do not match')).toBeTruthy();
    expect(shop.requests.filter((r) => r.includes('/auth/v1/'))).toEqual([]);
  });

  it('creates the account, says "Signup successful! Please log in." and goes to /login', async () => {
    window.location.hash = '#/signup';
    const store = renderSignUp();
    const email = nextEmail();
    await submit(email, 'a-fine-password-1', 'a-fine-password-1');

    expect(await screen.findByText('Signup successful! Please log in.')).toBeTruthy();
    await waitFor(() => expect(window.location.hash).toBe('#/login'));
    // No session yet (docs/product.md, Sign up: sign up, then log in); the new password works.
    // The server answered the sign-up with a session, as GoTrue does; the page ended it.
    expect(store.getState().status).toBe('signedOut');
    expect(shop.requests.filter((r) => r.includes('/auth/v1/'))).toEqual([
      expect.stringContaining('/auth/v1/signup'),
      expect.stringContaining('/auth/v1/logout?scope=local'),
    ]);
    const { auth } = await store.backend();
    const { error } = await auth.signInWithPassword({ email, password: 'a-fine-password-1' });
    expect(error).toBeNull();
  });

  it("shows the server's message when the email is taken", async () => {
    const email = nextEmail();
    await shop.createAccount(email, 'a-fine-password-1');
    window.location.hash = '#/signup';
    renderSignUp();
    await submit(email, 'another-password-2', 'another-password-2');

    expect(await findAlert('User already registered')).toBeTruthy();
    expect(window.location.hash).toBe('#/signup');
    expect(screen.queryByText('Signup successful! Please log in.')).toBeNull();
  });
});
