// Sign-up with email confirmation on, and a password change that needs the mailed code, on a
// server of their own: AUTH_CONFIRM_EMAIL=true and sessions that count as old after a second
// (AUTH_REAUTHENTICATE_AFTER), settings the suite's shared server must not have.
import type { Page } from '@playwright/test';
import {
  COMPILED_SERVER,
  freePort,
  launchServer,
  type ServerProcess,
} from '../../src/server/test-support/launch.ts';
import { expect, heading, test } from './support/app.ts';
import { waitForMail } from './support/mailbox.ts';
import {
  accountButton,
  axeViolations,
  codeOf,
  logIn,
  logOut,
  newEmail,
  submitLogin,
  submitSignUp,
  verifyLink,
} from './support/mail-flows.ts';
import { signUpOverHttp, storedSession } from './support/session.ts';

// The shortest age at which a session counts as old (0 would mean never): the rule is the same at
// any age, and a test waits one second for it rather than three.
const REAUTHENTICATE_AFTER = 1;

let server: ServerProcess | undefined;
let base = '';
let mailbox = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  server = await launchServer({
    entry: COMPILED_SERVER,
    port,
    output: 'inherit',
    env: {
      // Mailed links on the address the browser uses, and back to it.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      AUTH_CONFIRM_EMAIL: 'true',
      AUTH_REAUTHENTICATE_AFTER: String(REAUTHENTICATE_AFTER),
      // "Resend" right after sign-up, without GoTrue's 60 s between two mails.
      AUTH_MAIL_SEND_INTERVAL: '0',
      SIGNUP_RATE_LIMIT_PER_IP: '1000',
    },
    readyWithinMs: 90_000,
  });
  base = `${server.origin}/keebshop/`;
  mailbox = server.mailboxOrigin ?? '';
  if (!mailbox) throw new Error('the confirmation server has no development mailbox');
});

test.afterAll(async () => {
  await server?.stop();
});

/** Signs up (over HTTP) and confirms through the mailed link; the shopper is then logged in. */
async function signUpConfirmed(page: Page, email: string, pw: string) {
  await signUpOverHttp(email, pw, base);
  const mail = await waitForMail(email, 'Confirm your Keebshop account', { origin: mailbox });
  await page.goto(verifyLink(mail));
  await expect(
    page.getByText('Your email is confirmed. You are logged in.', { exact: true }),
  ).toBeVisible();
  await expect(accountButton(page)).toBeVisible();
}

test('sign-up asks to confirm the email; login waits for it; the link logs in', async ({
  page,
}) => {
  const email = newEmail('confirm');
  const password = 'confirm-me-password-1';
  await submitSignUp(page, email, password, base);
  await expect(heading(page, 'Check your email')).toBeVisible();
  await expect(
    page.getByText(
      `We sent a confirmation link to ${email}. Follow it to finish signing up; it logs you in.`,
    ),
  ).toBeVisible();
  await expect(page.getByText('Signup successful! Please log in.')).toHaveCount(0);
  const first = await waitForMail(email, 'Confirm your Keebshop account', { origin: mailbox });

  await submitLogin(page, email, password, base);
  await expect(
    page.getByRole('alert').filter({
      hasText: 'Your email is not confirmed yet. Follow the link in the email we sent you.',
    }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Resend confirmation email', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `We sent a new confirmation link to ${email}.` }),
  ).toBeVisible();
  const second = await waitForMail(email, 'Confirm your Keebshop account', {
    origin: mailbox,
    except: [first.id],
  });

  await page.goto(verifyLink(second));
  await expect(
    page.getByText('Your email is confirmed. You are logged in.', { exact: true }),
  ).toBeVisible();
  await expect(heading(page, 'Find Your Perfect Gaming Keyboard')).toBeVisible();
  await expect(accountButton(page)).toBeVisible();
  expect(page.url()).not.toContain('access_token');

  await logOut(page);
  await logIn(page, email, password, base);
});

/** The claims of a JWT. */
function claimsOf(jwt: string): { amr: [{ timestamp: number }] } {
  return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

test('a password change from an older session takes the code from the mail', async ({ page }) => {
  const email = newEmail('code');
  await signUpConfirmed(page, email, 'before-code-password-1');
  // Until the session is older than AUTH_REAUTHENTICATE_AFTER, which the server counts from its
  // sign-in; the session's tokens carry that time in whole seconds (amr), and the clock is the
  // server's (same machine): old for sure once that second has ended and the setting has passed.
  const { access_token: token } = await storedSession(page, base);
  const [{ timestamp: signedIn }] = claimsOf(token).amr;
  await expect
    .poll(() => Date.now() > (signedIn + 1 + REAUTHENTICATE_AFTER) * 1000, {
      timeout: 5_000,
      intervals: [100],
    })
    .toBe(true);

  await page.goto(`${base}#/settings`);
  await page.getByLabel('New Password', { exact: true }).fill('after-code-password-2');
  await page.getByRole('button', { name: 'Update Password', exact: true }).click();
  await expect(
    page.getByText(
      `To confirm it is you, we sent a code to ${email}. Enter it below to save the new password.`,
    ),
  ).toBeVisible();
  const codeField = page.getByLabel('Code from the email', { exact: true });
  await expect(codeField).toBeFocused();
  const code = codeOf(await waitForMail(email, 'confirmation code', { origin: mailbox }));

  await codeField.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirm new password', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'That code is not valid or has expired.' }),
  ).toBeVisible();
  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await axeViolations(page)).toEqual([]);
  }

  await codeField.fill(code);
  await page.getByRole('button', { name: 'Confirm new password', exact: true }).click();
  await expect(page.getByText('Password updated!', { exact: true })).toBeVisible();

  await logOut(page);
  await submitLogin(page, email, 'before-code-password-1', base);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Invalid login credentials' }),
  ).toBeVisible();
  await logIn(page, email, 'after-code-password-2', base);
});

for (const colorScheme of ['dark', 'light'] as const) {
  test(`"Check your email" and the resend offer have no axe violations (${colorScheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    const email = newEmail('axe');
    await submitSignUp(page, email, 'axe-check-password-1', base);
    await expect(heading(page, 'Check your email')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await submitLogin(page, email, 'axe-check-password-1', base);
    await expect(
      page.getByRole('button', { name: 'Resend confirmation email', exact: true }),
    ).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
}
