// Mailed links in the browser against the real server and its development mailbox: a password
// reset, a reused link, and an email change confirmed from the new address (docs/product.md,
// Password reset and email links; docs/decisions/0031-sessions-from-mailed-links.md). Accounts are
// made, and the email changer signed in, over HTTP (support/session.ts): the mailed links are the
// subject; the Login page only checks which password or address works afterwards.
import type { Page } from '@playwright/test';
import { expect, heading, test } from './support/app.ts';
import { waitForMail } from './support/mailbox.ts';
import {
  accountButton,
  axeViolations,
  logIn,
  logOut,
  newEmail,
  submitLogin,
  verifyLink,
} from './support/mail-flows.ts';
import { logInBrowser, signUpOverHttp } from './support/session.ts';

const SENT = 'If an account exists for that address, we have sent a link to reset the password.';
const EXPIRED = 'This link is invalid or has expired. Request a new one.';

/** From the login page's "Forgot password?" to the mailed reset link. */
async function requestReset(page: Page, email: string): Promise<string> {
  await page.goto('#/login');
  await page.getByRole('link', { name: 'Forgot password?', exact: true }).click();
  await expect(heading(page, 'Forgot password')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send reset link', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: SENT })).toBeVisible();
  return verifyLink(await waitForMail(email, 'Reset your Keebshop password'));
}

test.describe('a password reset by mail', () => {
  test('recovers the account: the link opens "Set a new password", the new one logs in', async ({
    page,
  }) => {
    const email = newEmail('reset');
    await signUpOverHttp(email, 'forgotten-password-1');
    const link = await requestReset(page, email);

    await page.goto(link);
    await expect(heading(page, 'Set a new password')).toBeVisible();
    await expect(page).toHaveURL(/\/keebshop\/#\/resetPassword$/);
    expect(page.url()).not.toContain('access_token');
    await expect(page.getByText(`Choose a new password for ${email}.`)).toBeVisible();
    for (const colorScheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await axeViolations(page)).toEqual([]);
    }

    await page.getByLabel('New password', { exact: true }).fill('remembered-password-2');
    await page.getByLabel('Confirm password', { exact: true }).fill('another-one-3');
    await page.getByRole('button', { name: 'Save new password', exact: true }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Passwords do not match' }),
    ).toBeVisible();

    await page.getByLabel('Confirm password', { exact: true }).fill('remembered-password-2');
    await page.getByRole('button', { name: 'Save new password', exact: true }).click();
    await expect(
      page.getByText('Your password has been reset. You are logged in.', { exact: true }),
    ).toBeVisible();
    await expect(heading(page, 'Find Your Perfect Gaming Keyboard')).toBeVisible();
    await expect(accountButton(page)).toBeVisible();

    // Back never returns to the tokens.
    await page.goBack();
    expect(page.url()).not.toContain('access_token');

    await page.goto('#/home');
    await logOut(page);
    await submitLogin(page, email, 'forgotten-password-1');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Invalid login credentials' }),
    ).toBeVisible();
    await logIn(page, email, 'remembered-password-2');
  });

  test('a link used once is refused with a way to ask for a new one', async ({ page }) => {
    const email = newEmail('reused');
    await signUpOverHttp(email, 'reused-link-password-1');
    const link = await requestReset(page, email);
    await page.goto(link);
    await expect(heading(page, 'Set a new password')).toBeVisible();
    await logOut(page);

    await page.goto(link);
    await expect(heading(page, 'Link invalid or expired')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: EXPIRED })).toBeVisible();
    expect(page.url()).not.toContain('error_description');
    await page.getByRole('link', { name: 'Request a reset link', exact: true }).click();
    await expect(heading(page, 'Forgot password')).toBeVisible();
  });
});

test('an email change is confirmed from the new address, which then logs in', async ({ page }) => {
  const email = newEmail('before');
  const changed = newEmail('after');
  const password = 'changing-email-password-1';
  await signUpOverHttp(email, password);
  await logInBrowser(page.context(), email, password);

  await page.goto('#/settings');
  const field = page.getByLabel('Email', { exact: true });
  await expect(field).toHaveValue(email);
  await field.fill(changed);
  await page.getByRole('button', { name: 'Update Email', exact: true }).click();
  await expect(
    page.getByText(
      `We sent a confirmation link to ${changed}. Your email changes once you follow it.`,
      { exact: true },
    ),
  ).toBeVisible();
  await expect(
    page.getByText(
      `Waiting for confirmation: ${changed}. Follow the link we sent there to finish the change.`,
    ),
  ).toBeVisible();
  // Not yet: the old address still logs in.
  await page.reload();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);

  await page.goto(verifyLink(await waitForMail(changed, 'Confirm your new Keebshop email')));
  await expect(heading(page, 'Account Settings')).toBeVisible();
  await expect(page.getByText(`Your email is now ${changed}.`, { exact: true })).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(changed);
  expect(page.url()).not.toContain('access_token');

  await logOut(page);
  await logIn(page, changed, password);
  await logOut(page);
  await submitLogin(page, email, password);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Invalid login credentials' }),
  ).toBeVisible();
});

for (const colorScheme of ['dark', 'light'] as const) {
  test(`the reset pages have no axe violations (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await page.goto('#/forgotPassword');
    await expect(heading(page, 'Forgot password')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Email', { exact: true }).fill(newEmail('nobody'));
    await page.getByRole('button', { name: 'Send reset link', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: SENT })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto('#/resetPassword');
    await expect(page.getByRole('link', { name: 'Request a reset link' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto('#error=access_denied&error_code=otp_expired&error_description=expired&sb=');
    await page.reload();
    await expect(page.getByRole('alert').filter({ hasText: EXPIRED })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
}
