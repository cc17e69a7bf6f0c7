// From payment to parcel, in two browsers against the real server and its payments sandbox
// (docs/product.md, Back office page; docs/operations.md, Shipping and orders): a shopper buys
// with an address; staff find the order, ship it with a tracking number; the shopper sees it
// shipped with the tracking; staff refund part, then the rest, through the provider; the shopper
// sees it partially refunded, then refunded. Each step's mail reaches the shopper's inbox (the
// server's development mailbox), with its facts and a link back to the shop.
import type { Browser, Page } from '@playwright/test';
import { LISTS, expect, heading, openRoute, test } from './support/app.ts';
import { linkIn, waitForMail } from './support/mailbox.ts';
import { buy, SHIP_TO } from './support/purchase.ts';
import { newShopper, signedInState } from './support/session.ts';
import { shopURL } from './support/shared-server.ts';
import { newStaffAccount } from './support/staff.ts';

/** A second browser, signed in as `email` (over HTTP: the Login page has tests of its own). */
async function logInAs(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ storageState: await signedInState(email) });
  return context.newPage();
}

/** The shopper's newest order in the history: its status and tracking facts. */
async function newestOrder(page: Page, number: string) {
  // As a shopper coming back to the page: from elsewhere in the shop.
  await openRoute(page, '#/home', 'Find Your Perfect Gaming Keyboard');
  await openRoute(page, '#/orderHistory', 'Order History');
  const order = page.getByRole('list', { name: 'Orders' }).getByRole('listitem').first();
  await expect(order.locator('.order__number')).toHaveText(number);
  return order;
}

test('buy with an address, ship with tracking, refund in part then in full', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const staffEmail = await newStaffAccount();

  // The shopper pays $2.50 for a Yellow Switch plus $5.99 Standard shipping.
  const email = await newShopper(page, 'loop');
  await buy(page, LISTS.switches, 'Yellow Switch', '$8.49');
  const summary = page.getByRole('region', { name: /^Order KS-\d+$/ });
  await expect(summary).toBeVisible();
  const number = (await summary.getByRole('heading', { level: 2 }).textContent())!.replace(
    'Order ',
    '',
  );
  await expect(summary.getByText(SHIP_TO.line1)).toBeVisible();
  await expect(summary.getByText('$8.49')).toBeVisible();
  let order = await newestOrder(page, number);
  await expect(order.locator('.order__status')).toHaveText('Paid');

  // The confirmation mail, to the shopper's address (prefilled on the payment page): number, line, address and total,
  // and a link to the order history.
  const confirmation = await waitForMail(email, `Your Keebshop order ${number}`);
  for (const fact of ['Yellow Switch', SHIP_TO.line1, '$8.49']) {
    expect(confirmation.text).toContain(fact);
    expect(confirmation.html).toContain(fact);
  }
  const origin = new URL(shopURL()).origin;
  const fromMail = await page.context().newPage();
  await fromMail.goto(linkIn(confirmation, origin));
  await expect(heading(fromMail, 'Order History')).toBeVisible();
  await expect(fromMail.getByText(number)).toBeVisible();
  await fromMail.close();

  // Staff find it by number and ship it.
  const staff = await logInAs(browser, staffEmail);
  await openRoute(staff, `#/admin?q=${number}`, 'Back office');
  const links = staff
    .getByRole('table', { name: 'Orders' })
    .getByRole('rowheader')
    .getByRole('link');
  await expect(links).toHaveText([number]);
  await links.first().click();
  await expect(heading(staff, `Order ${number}`)).toBeVisible();
  await expect(staff.getByText(SHIP_TO.line1)).toBeVisible();
  await staff.getByRole('button', { name: 'Mark shipped' }).click();
  const ship = staff.getByRole('form', { name: 'Mark shipped' });
  await ship.getByLabel('Carrier').selectOption('UPS');
  await ship.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await ship.getByRole('button', { name: 'Confirm shipment' }).click();
  await expect(staff.getByText(`Order ${number} is marked shipped.`)).toBeVisible();

  // The shopper sees it shipped, with the carrier and the tracking number.
  order = await newestOrder(page, number);
  await expect(order.locator('.order__status')).toHaveText('Shipped');
  await expect(order.getByText('Shipped with UPS')).toBeVisible();
  await expect(order.locator('.order__tracking')).toHaveText('1Z999AA10123456784');
  const shipped = await waitForMail(email, `Your Keebshop order ${number} has shipped`);
  expect(shipped.text).toContain('UPS');
  expect(shipped.text).toContain('1Z999AA10123456784');

  // Staff refund $2.00 through the payments provider: the shopper sees a partial refund.
  await staff.getByRole('button', { name: 'Refund' }).click();
  let refund = staff.getByRole('form', { name: 'Refund' });
  await refund.getByLabel('Amount in dollars').fill('2.00');
  await refund.getByRole('button', { name: 'Refund $2.00' }).click();
  await expect(staff.getByText(`Refunded $2.00 on order ${number}.`)).toBeVisible();
  order = await newestOrder(page, number);
  await expect(order.locator('.order__status')).toHaveText('Partially refunded');
  const partial = await waitForMail(email, `A partial refund for your Keebshop order ${number}`);
  expect(partial.text).toContain('$2.00');

  // Then the rest, $6.49: the order is refunded in full.
  await staff.getByRole('button', { name: 'Refund' }).click();
  refund = staff.getByRole('form', { name: 'Refund' });
  await expect(refund.getByLabel('Amount in dollars')).toHaveValue('6.49');
  await refund.getByRole('button', { name: 'Refund $6.49' }).click();
  // A full refund asks first, and leaves the stock as it is unless told otherwise.
  const confirm = staff.getByRole('dialog', { name: `Refund order ${number} in full?` });
  await confirm.getByRole('button', { name: 'Yes, refund $6.49' }).click();
  await expect(staff.getByText(`Refunded $6.49 on order ${number}.`)).toBeVisible();
  const audit = staff.getByRole('region', { name: 'Audit log' });
  await expect(audit.getByText('Refunded: $6.49')).toBeVisible();
  order = await newestOrder(page, number);
  await expect(order.locator('.order__status')).toHaveText('Refunded');
  const full = await waitForMail(email, `Your Keebshop order ${number} is refunded in full`);
  expect(full.text).toContain('$6.49');
});
