// Discount codes and sales tax end to end (docs/operations.md, Discounts and tax): staff create a
// code and a tax rate in the back office; a shopper applies the code on the hosted payment page,
// enters an address in the rate's state, pays the discounted and taxed total, and sees the discount
// and the tax on the Order Confirmation page, in the order history and in the confirmation mail.
// The rate is for a state no other browser test ships to (they ship to IL), and it is archived at
// the end, so the specs sharing this server keep their totals.
import type { Browser, Page } from '@playwright/test';
import { codeText, shippingText, taxText } from '../../src/payments-sandbox/messages.ts';
import { addToCart, cartLines, expect, heading, LISTS, openRoute, test } from './support/app.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { waitForMail } from './support/mailbox.ts';
import { SAVED } from './support/purchase.ts';
import { logInBrowser, newShopper } from './support/session.ts';
import { newStaffAccount } from './support/staff.ts';

const RUN = Date.now().toString(36).toUpperCase();
const CODE = `E2E-${RUN}`;
const RATE_NAME = `E2E WA sales tax ${RUN}`;

const money = (text: string) => Number(text.replace(/[^0-9.]/g, ''));

async function staffPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  await logInBrowser(context, email);
  return context.newPage();
}

async function createCode(page: Page): Promise<void> {
  await openRoute(page, '#/admin/discounts', 'Discount codes');
  const form = page.getByRole('form', { name: 'New code' });
  await form.getByLabel('Code', { exact: true }).fill(CODE);
  await form.getByLabel('Percent off').fill('10');
  await form.getByRole('button', { name: 'Create code' }).click();
  await expect(page.getByText(`Code ${CODE} is created and active.`)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Discount codes' })).toContainText(CODE);
  await expectNoAxeViolations(page, 'light');
}

async function createRate(page: Page): Promise<void> {
  await openRoute(page, '#/admin/tax', 'Tax');
  const form = page.getByRole('form', { name: 'New rate' });
  await form.getByLabel('Name shoppers see').fill(RATE_NAME);
  await form.getByLabel('Rate', { exact: true }).fill('6.5');
  await form.getByLabel('Country code').fill('US');
  await form.getByLabel('State (required in the US)').fill('WA');
  await form.getByRole('button', { name: 'Add rate' }).click();
  await expect(page.getByText(`${RATE_NAME} is added and active.`)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Tax rates' })).toContainText(RATE_NAME);
  await expectNoAxeViolations(page, 'light');
}

async function archiveRate(page: Page): Promise<void> {
  await openRoute(page, '#/admin/tax', 'Tax');
  await page.getByRole('button', { name: `Archive ${RATE_NAME}` }).click();
  await page.getByRole('button', { name: 'Archive the rate' }).click();
  await expect(page.getByText(`${RATE_NAME} is archived.`)).toBeVisible();
}

/** The hosted page's address fields, for an address in Washington. */
async function fillAddressAndCard(page: Page): Promise<void> {
  await page.getByLabel(shippingText.fullName, { exact: true }).fill('Grace Hopper');
  await page.getByLabel(shippingText.line1, { exact: true }).fill('1 Compiler Lane');
  await page.getByLabel(shippingText.city, { exact: true }).fill('Seattle');
  await page.getByLabel(shippingText.state, { exact: true }).fill('WA');
  await page.getByLabel(shippingText.postalCode, { exact: true }).fill('98101');
  await page.getByLabel(shippingText.country, { exact: true }).selectOption('US');
  await page.getByLabel('Card number', { exact: true }).fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)', { exact: true }).fill('12 / 34');
  await page.getByLabel('CVC', { exact: true }).fill('123');
  await page.getByLabel('Name on card', { exact: true }).fill('Grace Hopper');
}

const payButton = (page: Page) => page.getByRole('button', { name: /^Pay \$/ });

test('a code and a state tax rate: paid once, shown on the confirmation and in the mail', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const staff = await staffPage(browser, await newStaffAccount());
  await createCode(staff);
  await createRate(staff);
  try {
    const email = await newShopper(page, 'discount');
    await addToCart(page, LISTS.keyboards, 'Mechanical Keyboard Pro', 'Red');
    await openRoute(page, '#/cart', 'Your Cart');
    await expect(cartLines(page)).toHaveCount(1);
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    await page.waitForURL(/\/c\/pay\/cs_test_/);

    // An unknown code is refused at its field; the real one, typed in lower case, applies.
    const codeField = page.getByLabel(codeText.label, { exact: true });
    await codeField.fill('NO-SUCH-CODE');
    await page.getByRole('button', { name: codeText.apply, exact: true }).click();
    await expect(page.getByText('This code is invalid.')).toBeVisible();
    await expect(codeField).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, 'light');
    await codeField.fill(CODE.toLowerCase());
    await page.getByRole('button', { name: codeText.apply, exact: true }).click();
    const summary = page.locator('dl.subtotals');
    await expect(summary.getByText(CODE, { exact: true })).toBeVisible();
    await expect(summary.getByText(taxText.pending)).toBeVisible();
    const subtotal = money(await summary.locator('dd').first().innerText());
    const discount = Math.round(subtotal * 10) / 100;

    // The tax is known once the address is: the page shows the new total and asks for the CVC.
    await fillAddressAndCard(page);
    await payButton(page).click();
    await expect(page.getByText(/^Tax for your address changed the total to/)).toBeVisible();
    const taxRow = summary.locator('div', { hasText: RATE_NAME });
    const tax = money(await taxRow.locator('dd').innerText());
    expect(tax).toBeCloseTo(Math.round((subtotal - discount) * 6.5) / 100, 2);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoAxeViolations(page, 'dark');
    await page.getByLabel('CVC', { exact: true }).fill('123');
    const total = (await payButton(page).innerText()).replace(/^Pay /, '');
    await payButton(page).click();

    await expect(heading(page, 'Order Confirmation')).toBeVisible();
    await expect(page.getByText(SAVED, { exact: true })).toBeVisible({ timeout: 15_000 });
    // The Totals list: each term followed by its amount.
    const amountOf = (term: string | RegExp) =>
      page.getByRole('term').filter({ hasText: term }).locator('xpath=following-sibling::dd[1]');
    await expect(amountOf(`Discount (${CODE})`)).toHaveText(`\u2212$${discount.toFixed(2)}`);
    await expect(amountOf(`Tax (${RATE_NAME} 6.5%)`)).toHaveText(`$${tax.toFixed(2)}`);
    await expect(amountOf(/^Total$/)).toHaveText(total);

    const mail = await waitForMail(email, 'Your Keebshop order');
    expect(mail.text).toContain(`Discount (${CODE})`);
    expect(mail.text).toContain(RATE_NAME);
    expect(mail.text).toContain(total);

    await openRoute(page, '#/orderHistory', 'Order History');
    await expect(page.getByText(new RegExp(`Discount \\(${CODE}\\)`))).toBeVisible();
  } finally {
    await archiveRate(staff);
    await staff.context().close();
  }
});
