// The payments sandbox's hosted page for a session with shipping (docs/operations.md, "Payments
// sandbox: shipping and refunds"), in Chromium, driven by keyboard only. The spec runs a sandbox
// of its own in-process, so it can create sessions with shipping through the official client.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { addressErrors, shippingText } from '../../src/payments-sandbox/messages.ts';
import {
  sessionParams,
  shippingParams,
  startSandbox,
  tempDir,
  type Started,
} from '../../src/payments-sandbox/test-support.ts';
import { expect, test } from './support/app.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const SUBTOTAL = 2 * 14999 + 2450;

let dir: ReturnType<typeof tempDir>;
let sb: Started;

test.beforeAll(async () => {
  dir = tempDir();
  sb = await startSandbox(dir.dir);
});

test.afterAll(async () => {
  await sb.close();
  dir.remove();
});

/** A session with shipping whose success URL is the sandbox's own health check. */
async function openShippingSession(page: Page) {
  const session = await sb.stripe.checkout.sessions.create(
    sessionParams({
      ...shippingParams(),
      success_url: `${sb.url}/healthz?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${sb.url}/healthz?cancelled=1`,
    }),
  );
  await page.goto(session.url!);
  await expect(page.getByRole('group', { name: shippingText.addressHeading })).toBeVisible();
  return session;
}

/** Tabs until `name` has focus (at most 30 presses), then types `text` there. */
async function tabTo(page: Page, label: string, text?: string) {
  const target = page.getByLabel(label, { exact: true });
  for (let i = 0; i < 30; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
  if (text !== undefined) await page.keyboard.type(text);
}

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const found = violations.map((v) => ({
    rule: v.id,
    nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
  }));
  expect(found).toEqual([]);
}

test('fills the address and pays with Express shipping using the keyboard only', async ({
  page,
}) => {
  const session = await openShippingSession(page);
  await expect(page.getByRole('button', { name: `Pay $${(SUBTOTAL + 500) / 100}` })).toBeVisible();
  await tabTo(page, 'Email', 'ada@example.com');
  await tabTo(page, shippingText.fullName, 'Ada Lovelace');
  await tabTo(page, shippingText.line1, '12 Analytical Way');
  await tabTo(page, shippingText.city, 'Springfield');
  await tabTo(page, shippingText.state, 'IL');
  await tabTo(page, shippingText.postalCode, '62701');
  await tabTo(page, shippingText.country);
  await expect(page.getByLabel(shippingText.country)).toHaveValue('US');
  // Into the radio group: the first (chosen) rate has focus; the arrow key picks the next one.
  await page.keyboard.press('Tab');
  const standard = page.getByRole('radio', { name: /Standard/ });
  const express = page.getByRole('radio', { name: /Express/ });
  await expect(standard).toBeFocused();
  await expect(standard).toBeChecked();
  await expect(standard).toHaveAccessibleDescription(shippingText.estimate('5–7 business days'));
  await page.keyboard.press('ArrowDown');
  await expect(express).toBeChecked();
  await tabTo(page, 'Card number', '4242 4242 4242 4242');
  await tabTo(page, 'Expiry (MM / YY)', '12 / 34');
  await tabTo(page, 'CVC', '123');
  await tabTo(page, 'Name on card', 'Ada Lovelace');
  await page.keyboard.press('Enter');

  // Without script the page could not update the total: it shows the new one before charging.
  await expect(page.getByRole('status')).toHaveText(shippingText.totalChanged('$339.48'));
  await expect(page.getByLabel('CVC', { exact: true })).toBeFocused();
  await expect(page.getByRole('radio', { name: /Express/ })).toBeChecked();
  await expect(page.getByLabel(shippingText.postalCode)).toHaveValue('62701');
  await page.keyboard.type('123');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/healthz\?session_id=/);

  const paid = await sb.stripe.checkout.sessions.retrieve(session.id);
  expect(paid.amount_total).toBe(SUBTOTAL + 1500);
  expect(paid.collected_information?.shipping_details).toEqual({
    name: 'Ada Lovelace',
    address: {
      line1: '12 Analytical Way',
      line2: null,
      city: 'Springfield',
      state: 'IL',
      postal_code: '62701',
      country: 'US',
    },
  });
});

test('shows each field’s error tied to it, focuses the first, and Back never re-posts', async ({
  page,
}) => {
  await openShippingSession(page);
  await tabTo(page, 'Email', 'ada@example.com');
  await tabTo(page, shippingText.line1, '12 Analytical Way');
  await tabTo(page, 'Name on card', 'Ada Lovelace');
  await page.keyboard.press('Enter');

  const name = page.getByLabel(shippingText.fullName);
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription(addressErrors.nameMissing);
  await expect(page.getByLabel(shippingText.postalCode)).toHaveAccessibleDescription(
    addressErrors.postalMissing,
  );
  await expect(page.getByLabel(shippingText.line1)).toHaveValue('12 Analytical Way');
  await expect(page.getByLabel(shippingText.line1)).not.toHaveAttribute('aria-invalid');
  const summary = page.getByRole('alert');
  await expect(summary.getByRole('link', { name: addressErrors.cityMissing })).toBeVisible();
  await expectNoAxeViolations(page);

  // Two declined payments, then Back: pages reached by GET, never a form-resubmission prompt.
  for (const card of ['4000 0000 0000 0002', '4000 0000 0000 9995']) {
    await page.getByLabel(shippingText.fullName).fill('Ada Lovelace');
    await page.getByLabel(shippingText.city).fill('Springfield');
    await page.getByLabel(shippingText.state).fill('IL');
    await page.getByLabel(shippingText.postalCode).fill('62701');
    await page.getByLabel('Card number').fill(card);
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await page.getByLabel('CVC', { exact: true }).fill('123');
    await page.getByLabel('Name on card').press('Enter');
    await expect(page.locator('#payment-error')).toBeVisible();
  }
  const back = await page.goBack();
  expect(back?.request().method()).toBe('GET');
  expect(back?.status()).toBe(200);
  await expect(page.locator('#payment-error')).toBeVisible();
  const reload = await page.reload();
  expect(reload?.request().method()).toBe('GET');
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the shipping page has no axe violations in the ${colorScheme} colour scheme`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ colorScheme });
    const page = await context.newPage();
    await openShippingSession(page);
    await expectNoAxeViolations(page);
    await page.getByLabel('Name on card').press('Enter');
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoAxeViolations(page);
    await context.close();
  });
}
