// Buying as a shopper would, for browser tests that need a verified buyer (reviews): a product paid
// on the sandbox's hosted page by a signed-in shopper (support/session.ts).
import type { Page } from '@playwright/test';
import { shippingText } from '../../../src/payments-sandbox/messages.ts';
import { addToCart, cartLines, expect, heading, openRoute } from './app.ts';

export const SAVED = 'Order successful! Your items have been saved to your order history.';

/**
 * Buys one product through the cart, Checkout, the hosted page (test card 4242) and the Order
 * Confirmation page, and waits until the order is saved. `total` is the hosted page's "Pay $…".
 */
export async function buy(
  page: Page,
  list: { hash: string; h1: string },
  name: string,
  total: string,
): Promise<void> {
  await addToCart(page, list, name);
  await openRoute(page, '#/cart', 'Your Cart');
  await expect(cartLines(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Checkout', exact: true }).click();
  await page.waitForURL(/\/c\/pay\/cs_test_/);
  await payWith(page, '4242 4242 4242 4242', total);
  await expect(heading(page, 'Order Confirmation')).toBeVisible();
  await expect(page.getByText(SAVED, { exact: true })).toBeVisible({ timeout: 15_000 });
}

/** The address the browser tests ship to, as the hosted page's fields take it. */
export const SHIP_TO = {
  name: 'Ada Lovelace',
  line1: '12 Analytical Way',
  city: 'Springfield',
  state: 'IL',
  postalCode: '62701',
  country: 'US',
};

/**
 * The email typed on the hosted payment page when it asks for one; checkout passes a signed-in
 * shopper's own, which the page shows prefilled and read-only (the order's mails go there).
 */
export const PAYER_EMAIL = 'buyer@example.com';

/**
 * Fills the sandbox's hosted payment page with `card` and the shipping address (the first rate,
 * Standard, stays chosen), and clicks "Pay <total>"; `total` includes shipping.
 */
export async function payWith(page: Page, card: string, total: string): Promise<void> {
  const email = page.getByLabel('Email', { exact: true });
  if (await email.isEditable()) await email.fill(PAYER_EMAIL);
  await page.getByLabel(shippingText.fullName, { exact: true }).fill(SHIP_TO.name);
  await page.getByLabel(shippingText.line1, { exact: true }).fill(SHIP_TO.line1);
  await page.getByLabel(shippingText.city, { exact: true }).fill(SHIP_TO.city);
  await page.getByLabel(shippingText.state, { exact: true }).fill(SHIP_TO.state);
  await page.getByLabel(shippingText.postalCode, { exact: true }).fill(SHIP_TO.postalCode);
  await page.getByLabel(shippingText.country, { exact: true }).selectOption(SHIP_TO.country);
  await page.getByLabel('Card number', { exact: true }).fill(card);
  await page.getByLabel('Expiry (MM / YY)', { exact: true }).fill('12 / 34');
  await page.getByLabel('CVC', { exact: true }).fill('123');
  await page.getByLabel('Name on card', { exact: true }).fill('Ada Lovelace');
  await page.getByRole('button', { name: `Pay ${total}`, exact: true }).click();
}
