import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { lastMail, linkIn, openMailedLink } from '../../lib/mail.testing.ts';
import { findAlert, testShopPerFile } from '../../lib/test-shop.testing.tsx';
import { EmailLinkPage, ForgotPasswordPage, ResetPasswordPage } from './index.ts';

const shop = testShopPerFile();
const password = 'forgot-password-1';
let n = 0;
const nextEmail = () => `forgot-${++n}@example.com`;

async function ask(email: string) {
  const user = userEvent.setup();
  shop.renderPage(<ForgotPasswordPage />, shop.newStore());
  await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send reset link' }));
}

const SENT = 'If an account exists for that address, we have sent a link to reset the password.';

async function mailsTo(email: string): Promise<number> {
  const rows = await shop.server.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM keebshop.mail_outbox WHERE lower(recipient) = lower($1)`,
    [email],
  );
  return rows[0]!.n;
}

async function canLogIn(email: string, secret: string): Promise<string | null> {
  const { auth } = await shop.newStore().backend();
  const { error } = await auth.signInWithPassword({ email, password: secret });
  return error ? error.message : null;
}

describe('#/forgotPassword', () => {
  it('asks for an email, is busy while the server works, then answers without saying more', async () => {
    const email = nextEmail();
    await shop.createAccount(email, password);
    const release = shop.hold(/\/auth\/v1\/recover/);
    await ask(email);
    const busy = await screen.findByRole('button', { name: 'Sending…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    release();
    const status = await screen.findByText(SENT);
    expect(status.getAttribute('role')).toBe('status');
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(shop.requests.some((r) => r.startsWith('POST /auth/v1/recover'))).toBe(true);
    expect((await lastMail(shop, email, 'recovery')).subject).toBeTruthy();
  });

  it('gives the same answer for an address without an account, and mails nothing', async () => {
    const email = nextEmail();
    await ask(email);
    expect(await screen.findByText(SENT)).toBeTruthy();
    expect(await mailsTo(email)).toBe(0);
  });

  it('shows the form again when the shopper comes back from elsewhere (back/forward cache)', async () => {
    const email = nextEmail();
    await ask(email);
    await screen.findByText(SENT);
    // A first showing of the page changes nothing.
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    });
    expect(screen.getByText(SENT)).toBeTruthy();
    // Back from the mailbox in the same tab: the browser restores the page as it was left.
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    expect(screen.queryByText(SENT)).toBeNull();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeTruthy();
  });

  it('says plainly when the shopper asks again too soon', async () => {
    const email = nextEmail();
    await ask(email);
    await screen.findByText(SENT);
    cleanup();
    // A second request for the address within AUTH_MAIL_SEND_INTERVAL: 429 from the server.
    await ask(email);
    expect(
      await findAlert('Too many requests. Please wait a minute, then try again.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeTruthy();
    expect(screen.queryByText(SENT)).toBeNull();
  });

  it('the mailed link leads to a new password that logs in; used again, it is refused', async () => {
    const email = nextEmail();
    await shop.createAccount(email, password);
    await ask(email);
    await screen.findByText(SENT);
    const link = linkIn(await lastMail(shop, email, 'recovery'));

    await openMailedLink(shop, link);
    const store = shop.newStore();
    const page = shop.renderPage(<EmailLinkPage />, store);
    await waitFor(() => expect(window.location.hash).toBe('#/resetPassword'));
    page.unmount();

    const user = userEvent.setup();
    shop.renderPage(<ResetPasswordPage />, store);
    await user.type(await screen.findByLabelText('New password'), 'after-reset-password-7');
    await user.type(screen.getByLabelText('Confirm password'), 'after-reset-password-7');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(
      await screen.findByText('Your password has been reset. You are logged in.'),
    ).toBeTruthy();
    expect(await canLogIn(email, 'after-reset-password-7')).toBeNull();
    expect(await canLogIn(email, password)).toBe('Invalid login credentials');

    // The same link a second time: the server answers with an error fragment.
    await openMailedLink(shop, link);
    shop.renderPage(<EmailLinkPage />, shop.newStore());
    expect(await findAlert('This link is invalid or has expired. Request a new one.')).toBeTruthy();
  });
});
