// What the mail browser tests share: the shopper's steps on the Sign Up and Login pages (for tests
// about those pages; support/session.ts signs in without them) and logging out, on any of the test
// servers, the verify link and code in a mail, and an axe check.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, heading, mainNav, settle } from './app.ts';
import type { MailboxMail } from './mailbox.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export { newEmail } from './session.ts';

export function accountButton(page: Page) {
  return mainNav(page).getByRole('button', { name: 'Account menu', exact: true });
}

/** Fills and sends the sign-up form; what it answers is for the caller to check. */
export async function submitSignUp(page: Page, email: string, password: string, base = '') {
  await page.goto(`${base}#/signup`);
  await expect(heading(page, 'Sign Up')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
}

export async function submitLogin(page: Page, email: string, password: string, base = '') {
  await page.goto(`${base}#/login`);
  await expect(heading(page, 'Login')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Logs in and waits for home with the account button. */
export async function logIn(page: Page, email: string, password: string, base = '') {
  await submitLogin(page, email, password, base);
  await expect(page.getByText('Login successful!', { exact: true })).toBeVisible();
  await expect(heading(page, 'Find Your Perfect Gaming Keyboard')).toBeVisible();
  await expect(accountButton(page)).toBeVisible();
}

export async function logOut(page: Page) {
  await accountButton(page).click();
  await page.getByRole('menuitem', { name: 'Logout', exact: true }).click();
  await expect(mainNav(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible();
}

/** The /auth/v1/verify link of a mail (on the server's site URL). */
export function verifyLink(mail: MailboxMail): string {
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?[^\s>)\]]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no verify link in the mail "${mail.subject}"`);
  return link;
}

/** The 6-digit code of a mail. */
export function codeOf(mail: MailboxMail): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in the mail "${mail.subject}"`);
  return code;
}

/** The page's axe violations (WCAG 2.2 AA), as readable lines. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Colours change through CSS transitions (after a colour-scheme switch): axe must see the
  // scheme's colours, not a mix.
  await settle(page);
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
