// Sign-up and login with email confirmation on (AUTH_CONFIRM_EMAIL), on a server of their own.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { lastMail, linkIn, openMailedLink } from '../../lib/mail.testing.ts';
import { findAlert, testShopPerFile } from '../../lib/test-shop.testing.tsx';
import { EmailLinkPage, LoginPage, SignUpPage } from './index.ts';

// No pause between two mails to one address, so "Resend" can be asked right after sign-up.
const shop = testShopPerFile({ env: { AUTH_CONFIRM_EMAIL: 'true', AUTH_MAIL_SEND_INTERVAL: '0' } });
const password = 'confirm-password-1';
let n = 0;
const nextEmail = () => `confirm-${++n}@example.com`;

async function signUp(email: string) {
  const user = userEvent.setup();
  shop.renderPage(<SignUpPage />, shop.newStore());
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
}

async function mailCount(email: string): Promise<number> {
  const rows = await shop.server.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM keebshop.mail_outbox
     WHERE lower(recipient) = lower($1) AND kind = 'signup_confirmation'`,
    [email],
  );
  return rows[0]!.n;
}

describe('with email confirmation on', () => {
  it('sign-up says to check the email instead of "Signup successful! Please log in."', async () => {
    const email = nextEmail();
    window.location.hash = '#/signup';
    await signUp(email);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Check your email' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(
      screen.getByText(
        `We sent a confirmation link to ${email}. Follow it to finish signing up; it logs you in.`,
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Signup successful! Please log in.')).toBeNull();
    expect(window.location.hash).toBe('#/signup');
    expect(await mailCount(email)).toBe(1);
  });

  it('an address that already has an account gets the same answer', async () => {
    const email = nextEmail();
    await shop.createAccount(email, password);
    await signUp(email);
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeTruthy();
  });

  it('login before confirming says so and resends the link on request', async () => {
    const email = nextEmail();
    await shop.createAccount(email, password);
    const user = userEvent.setup();
    shop.renderPage(<LoginPage />, shop.newStore());
    await user.type(screen.getByLabelText('Email'), email);
    await user.type(screen.getByLabelText('Password'), password);
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(
      await findAlert('Your email is not confirmed yet. Follow the link in the email we sent you.'),
    ).toBeTruthy();
    const before = await mailCount(email);
    await user.click(screen.getByRole('button', { name: 'Resend confirmation email' }));
    const sent = await screen.findByText(`We sent a new confirmation link to ${email}.`);
    expect(sent.getAttribute('role')).toBe('status');
    expect(await mailCount(email)).toBe(before + 1);
  });

  it('the mailed link confirms the email and logs the shopper in', async () => {
    const email = nextEmail();
    await signUp(email);
    await screen.findByRole('heading', { level: 1, name: 'Check your email' });
    await openMailedLink(shop, linkIn(await lastMail(shop, email, 'signup_confirmation')));
    const store = shop.newStore();
    shop.renderPage(<EmailLinkPage />, store);
    expect(await screen.findByText('Your email is confirmed. You are logged in.')).toBeTruthy();
    await waitFor(() => expect(window.location.hash).toBe('#/home'));
    expect(store.getState()).toMatchObject({ status: 'signedIn', user: { email } });
  });
});
