import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { findAlert, signIn, testShopPerFile } from '../../lib/test-shop.testing.tsx';
import { ResetPasswordPage } from './index.ts';
import { endRecovery, markRecovery } from './recovery.ts';

const shop = testShopPerFile();
const password = 'reset-page-password-1';
let n = 0;

afterEach(endRecovery);

/** A shopper signed in as a reset link leaves them (the link itself: EmailLinkPage.test.tsx). */
async function renderRecovering() {
  const email = `reset-${++n}@example.com`;
  await shop.createAccount(email, password);
  const store = shop.newStore();
  await signIn(store, email, password);
  markRecovery(store.getState().user!.id);
  shop.renderPage(<ResetPasswordPage />, store);
  await screen.findByLabelText('New password');
  return { email, store };
}

async function canLogIn(email: string, secret: string): Promise<string | null> {
  const { auth } = await shop.newStore().backend();
  const { error } = await auth.signInWithPassword({ email, password: secret });
  return error ? error.message : null;
}

async function submit(first: string, second: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('New password'), first);
  await user.type(screen.getByLabelText('Confirm password'), second);
  await user.click(screen.getByRole('button', { name: 'Save new password' }));
}

describe('#/resetPassword', () => {
  it('without a reset link, explains that one is needed and links to the request form', async () => {
    shop.renderPage(<ResetPasswordPage />, shop.newStore());
    expect(screen.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeTruthy();
    expect(
      screen.getByText(
        'To set a new password, open the link in the password reset email. Each link works once and expires after a while.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a reset link' }).getAttribute('href')).toBe(
      '#/forgotPassword',
    );
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('a signed-in shopper who did not come by a reset link gets the same explanation', async () => {
    const email = `reset-${++n}@example.com`;
    await shop.createAccount(email, password);
    const store = shop.newStore();
    await signIn(store, email, password);
    shop.renderPage(<ResetPasswordPage />, store);
    expect(await screen.findByRole('link', { name: 'Request a reset link' })).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('says "Passwords do not match" and sends nothing when the two differ', async () => {
    const { email } = await renderRecovering();
    expect(screen.getByText(`Choose a new password for ${email}.`)).toBeTruthy();
    await submit('new-password-number-1', 'new-password-number-2');
    expect(await findAlert('Passwords do not match')).toBeTruthy();
    expect(shop.requests.filter((r) => r.startsWith('PUT'))).toEqual([]);
  });

  it("shows the server's message for a weak password and keeps the old one", async () => {
    const { email } = await renderRecovering();
    await submit('short', 'short');
    expect(await findAlert('Password should be at least 8 characters.')).toBeTruthy();
    expect(await canLogIn(email, password)).toBeNull();
  });

  it('saves the new password, says so, stays signed in and goes home', async () => {
    window.location.hash = '#/resetPassword';
    const { email, store } = await renderRecovering();
    await submit('a-brand-new-password-9', 'a-brand-new-password-9');
    expect(
      await screen.findByText('Your password has been reset. You are logged in.'),
    ).toBeTruthy();
    await waitFor(() => expect(window.location.hash).toBe('#/'));
    expect(store.getState().status).toBe('signedIn');
    expect(await canLogIn(email, 'a-brand-new-password-9')).toBeNull();
    expect(await canLogIn(email, password)).toBe('Invalid login credentials');
  });
});
