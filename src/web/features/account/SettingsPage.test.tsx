import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { installDialogPolyfill } from '../../components/dialog-polyfill.testing.ts';
import type { SessionStore } from '../../lib/session.ts';
import { lastMail } from '../../lib/mail.testing.ts';
import { findAlert, signIn, testShopPerFile } from '../../lib/test-shop.testing.tsx';
import { SettingsPage } from './index.ts';

const password = 'settings-password-1';
let n = 0;
const nextEmail = () => `settings-${++n}@example.com`;

beforeAll(installDialogPolyfill);
const shop = testShopPerFile();

async function renderSignedIn() {
  const email = nextEmail();
  await shop.createAccount(email, password);
  const store = shop.newStore();
  await signIn(store, email, password);
  shop.renderPage(<SettingsPage />, store);
  await screen.findByRole('button', { name: 'Update Email' });
  return { store, email };
}

/** Whether these credentials log in, asked of the server with a client of its own. */
async function canLogIn(email: string, secret: string): Promise<string | null> {
  const probe = shop.newStore();
  const { auth } = await probe.backend();
  const { error } = await auth.signInWithPassword({ email, password: secret });
  return error ? error.message : null;
}

async function errorOf(store: SessionStore, attributes: { email: string } | { password: string }) {
  const { auth } = await store.backend();
  const { error } = await auth.updateUser(attributes);
  return error?.message;
}

describe('Account Settings', () => {
  it('asks a signed-out visitor to log in', async () => {
    shop.renderPage(<SettingsPage />, shop.newStore());
    expect(screen.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeTruthy();
    expect(screen.getByText(/^You must be logged in to view settings\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Update Email' })).toBeNull();
  });

  it('shows the email; a change waits for the link mailed to the new address', async () => {
    const user = userEvent.setup();
    const { store, email } = await renderSignedIn();
    const field = screen.getByLabelText('Email') as HTMLInputElement;
    expect(field.value).toBe(email);

    const changed = nextEmail();
    await user.clear(field);
    await user.type(field, changed);
    await user.click(screen.getByRole('button', { name: 'Update Email' }));

    const sent = await screen.findByText(
      `We sent a confirmation link to ${changed}. Your email changes once you follow it.`,
    );
    expect(sent.getAttribute('role')).toBe('status');
    expect(
      screen.getByText(
        `Waiting for confirmation: ${changed}. Follow the link we sent there to finish the change.`,
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Email updated!')).toBeNull();
    expect(store.getState().user?.email).toBe(email);
    expect(await canLogIn(changed, password)).toBe('Invalid login credentials');

    // The link in the new address's mail is followed in src/web/features/auth/EmailLinkPage.test.tsx.
    expect((await lastMail(shop, changed, 'email_change_new')).subject).toBeTruthy();
  });

  it('says "Error updating email: " with the server\'s message when the email is taken', async () => {
    const user = userEvent.setup();
    const taken = nextEmail();
    await shop.createAccount(taken, password);
    const { store, email } = await renderSignedIn();
    const field = screen.getByLabelText('Email');
    await user.clear(field);
    await user.type(field, taken);
    await user.click(screen.getByRole('button', { name: 'Update Email' }));

    const message = await errorOf(store, { email: taken });
    expect(message).toBeTruthy();
    expect(await findAlert(`Error updating email: ${message}`)).toBeTruthy();
    expect(store.getState().user?.email).toBe(email);
  });

  it('updates the password: "Password updated!", and only the new one logs in', async () => {
    const user = userEvent.setup();
    const { email } = await renderSignedIn();
    const field = screen.getByLabelText('New Password') as HTMLInputElement;
    expect([field.type, field.autocomplete]).toEqual(['password', 'new-password']);
    await user.type(field, 'brand-new-password-2');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));

    expect(await screen.findByText('Password updated!')).toBeTruthy();
    expect(field.value).toBe('');
    expect(await canLogIn(email, 'brand-new-password-2')).toBeNull();
    expect(await canLogIn(email, password)).toBe('Invalid login credentials');
  });

  it('says "Error updating password: " with the server\'s message for a weak password', async () => {
    const user = userEvent.setup();
    const { store, email } = await renderSignedIn();
    await user.type(screen.getByLabelText('New Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));

    const message = await errorOf(store, { password: 'short' });
    expect(message).toBeTruthy();
    expect(await findAlert(`Error updating password: ${message}`)).toBeTruthy();
    expect(await canLogIn(email, password)).toBeNull();
  });

  it('deletes the account after the confirmation: "Account deleted.", signed out, on to /signup', async () => {
    const user = userEvent.setup();
    window.location.hash = '#/settings';
    const { store, email } = await renderSignedIn();
    const remove = screen.getByRole('button', { name: 'Delete Account' });
    expect(remove.className).toContain('button--danger');

    // Cancel first: nothing happens.
    await user.click(remove);
    let dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    expect(
      within(dialog).getByText(
        'Are you sure you want to delete your account? This cannot be undone.',
      ),
    ).toBeTruthy();
    expect(
      within(dialog).getByText(
        "Orders you have placed are kept for the shop's records; their delivery address is erased once they are delivered.",
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(shop.requests.some((r) => r.includes('/rpc/delete_user'))).toBe(false);

    await user.click(remove);
    dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete my account' }));

    expect(await screen.findByText('Account deleted.')).toBeTruthy();
    await waitFor(() => expect(window.location.hash).toBe('#/signup'));
    expect(store.getState()).toMatchObject({ status: 'signedOut', user: null });
    expect(shop.requests).toContain('POST /rest/v1/rpc/delete_user');
    expect(await canLogIn(email, password)).toBe('Invalid login credentials');
  });

  it('says "Unable to delete account: " with the message when the server refuses', async () => {
    const user = userEvent.setup();
    window.location.hash = '#/settings';
    const { store, email } = await renderSignedIn();
    // Signed out everywhere from another device: this page's token no longer counts.
    const other = shop.newStore();
    await signIn(other, email, password);
    await other.signOut();

    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete my account' }));

    const { db } = await store.backend();
    const { error } = await db.rpc('delete_user');
    expect(error?.message).toBeTruthy();
    expect(await findAlert(`Unable to delete account: ${error?.message}`)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.location.hash).toBe('#/settings');
    expect(await canLogIn(email, password)).toBeNull();
  });
});
