import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lastMail, linkIn, openMailedLink } from '../../lib/mail.testing.ts';
import { captureMailedLink } from '../../lib/mailed-link.ts';
import { findAlert, testShopPerFile } from '../../lib/test-shop.testing.tsx';
import { EmailLinkPage } from './index.ts';
import { isRecovering } from './recovery.ts';

const shop = testShopPerFile();
const password = 'email-link-password-1';
let n = 0;

/** A fresh account's session, as the server's verify redirect puts it in the fragment. */
async function linkFragment(type: string) {
  const email = `link-${++n}@example.com`;
  await shop.createAccount(email, password);
  const probe = shop.newStore();
  const { auth } = await probe.backend();
  const { data, error } = await auth.signInWithPassword({ email, password });
  if (error || !data.session) throw error ?? new Error('no session');
  const s = data.session;
  const fragment = new URLSearchParams({
    access_token: s.access_token,
    expires_at: String(s.expires_at),
    expires_in: String(s.expires_in),
    refresh_token: s.refresh_token,
    sb: '',
    token_type: 'bearer',
    type,
  });
  return { email, fragment: fragment.toString(), accessToken: s.access_token };
}

function land(fragment: string) {
  window.history.replaceState(null, '', `/keebshop/#${fragment}`);
  captureMailedLink();
  const store = shop.newStore();
  shop.renderPage(<EmailLinkPage />, store);
  return store;
}

describe('a mailed link landing on #/emailLink', () => {
  it('signs the shopper in from a reset link and goes on to #/resetPassword', async () => {
    const { email, fragment, accessToken } = await linkFragment('recovery');
    const store = land(fragment);
    expect(window.location.href).not.toContain(accessToken);
    await waitFor(() => expect(window.location.hash).toBe('#/resetPassword'));
    expect(store.getState()).toMatchObject({ status: 'signedIn', user: { email } });
    expect(isRecovering(store.getState().user!.id)).toBe(true);
  });

  it('says "Your email is confirmed. You are logged in." for a sign-up link, and goes home', async () => {
    const { fragment } = await linkFragment('signup');
    const store = land(fragment);
    expect(await screen.findByText('Your email is confirmed. You are logged in.')).toBeTruthy();
    await waitFor(() => expect(window.location.hash).toBe('#/home'));
    expect(store.getState().status).toBe('signedIn');
  });

  it('goes to Account Settings with "Your email is now …" for an email change link', async () => {
    const { email, fragment } = await linkFragment('email_change');
    land(fragment);
    expect(await screen.findByText(`Your email is now ${email}.`)).toBeTruthy();
    await waitFor(() => expect(window.location.hash).toBe('#/settings'));
  });

  it('confirms an email change from the link mailed to the new address', async () => {
    const email = `link-${++n}@example.com`;
    const changed = `link-changed-${n}@example.com`;
    await shop.createAccount(email, password);
    const { auth } = await shop.newStore().backend();
    await auth.signInWithPassword({ email, password });
    const { data } = await auth.updateUser({ email: changed });
    expect(data.user).toMatchObject({ email, new_email: changed });

    await openMailedLink(shop, linkIn(await lastMail(shop, changed, 'email_change_new')));
    const store = shop.newStore();
    shop.renderPage(<EmailLinkPage />, store);
    expect(await screen.findByText(`Your email is now ${changed}.`)).toBeTruthy();
    await waitFor(() => expect(window.location.hash).toBe('#/settings'));
    expect(store.getState().user?.email).toBe(changed);
    const probe = await shop.newStore().backend();
    const { error } = await probe.auth.signInWithPassword({ email: changed, password });
    expect(error).toBeNull();
  });

  it('explains an expired link, with a way to request a new one', async () => {
    const store = land(
      'error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=',
    );
    expect(await findAlert('This link is invalid or has expired. Request a new one.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Link invalid or expired' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a reset link' }).getAttribute('href')).toBe(
      '#/forgotPassword',
    );
    expect(window.location.hash).toBe('#/emailLink?error=otp_expired');
    expect(store.getState().status).toBe('signedOut');
  });

  it('says so when the server refuses the tokens, and stays signed out', async () => {
    const { fragment } = await linkFragment('recovery');
    const params = new URLSearchParams(fragment);
    params.set('access_token', 'not.a-real.token');
    const store = land(params.toString());
    const said = await screen.findByText(/^The link could not be used: ./);
    expect(said.closest('[role="alert"]')).toBeTruthy();
    expect(store.getState().status).toBe('signedOut');
  });

  it('goes home when reloaded with nothing left to open', async () => {
    window.history.replaceState(null, '', '/keebshop/#/emailLink');
    shop.renderPage(<EmailLinkPage />, shop.newStore());
    await waitFor(() => expect(window.location.hash).toBe('#/home'));
  });
});
