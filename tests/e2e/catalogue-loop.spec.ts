// The catalogue's whole loop, in two browsers against the real server (docs/product.md, Products in
// the back office, Stock, Shareable products, Cart, Checkout, Order history; ADR 0045 and 0046):
// staff create an accessory in the editor, give it a photo and publish it, and put 20 units on
// hand; a shopper finds it by search and by type, sees its photo, opens it from its shareable URL
// and buys it; staff lower its price; the shopper buys it again at the new price, and the order
// history keeps each order at the price it was paid.
import type { Browser, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { PHOTO_TEXT, PRODUCT_TEXT } from '../../src/web/features/admin/catalogue/texts.ts';
import { stockEditorText } from '../../src/web/features/admin/stock/texts.ts';
import {
  LISTS,
  card,
  cardItem,
  cartLines,
  expect,
  filterChip,
  heading,
  openRoute,
  productDialog,
  productList,
  searchBox,
  test,
} from './support/app.ts';
import { payWith, SAVED } from './support/purchase.ts';
import { newShopper, signedInState } from './support/session.ts';
import { newStaffAccount } from './support/staff.ts';

/** A second browser context, signed in as `email` (over HTTP: the Login page has tests of its own). */
async function logInAs(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ storageState: await signedInState(email) });
  return context.newPage();
}

/** Fails the test on any uncaught error in `page` (the fixture watches the default page only). */
function watchErrors(page: Page, errors: Error[]): Page {
  page.on('pageerror', (error) => errors.push(error));
  return page;
}

/** The image's natural width once it has loaded (0 until then, or if it failed). */
const loadedWidth = (img: Locator) =>
  img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0));

/**
 * From the cart through Checkout, the sandbox's hosted page (test card 4242, Standard shipping)
 * and the Order Confirmation page, until the order is saved; resolves its number.
 */
async function checkOut(page: Page, unitPrice: string, pay: string): Promise<string> {
  await openRoute(page, '#/cart', 'Your Cart');
  await expect(cartLines(page)).toHaveCount(1);
  await expect(cartLines(page).first()).toContainText(unitPrice);
  await page.getByRole('button', { name: 'Checkout', exact: true }).click();
  await page.waitForURL(/\/c\/pay\/cs_test_/);
  await payWith(page, '4242 4242 4242 4242', pay);
  await expect(heading(page, 'Order Confirmation')).toBeVisible();
  await expect(page.getByText(SAVED, { exact: true })).toBeVisible({ timeout: 15_000 });
  const summary = page.getByRole('region', { name: /^Order KS-\d+$/ });
  await expect(summary).toBeVisible();
  return (await summary.getByRole('heading', { level: 2 }).textContent())!.replace('Order ', '');
}

test('staff create, photograph, stock and reprice an accessory; a shopper buys it before and after', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const errors: Error[] = [];
  const stamp = `${Date.now()}${process.pid}`;
  const name = `Loop Cable ${stamp}`;
  const sku = `LOOP-${stamp}-BLACK`;
  const alt = `The ${name}, coiled on a desk`;
  const item = `${name} (Black)`;

  // 1. Staff create the accessory in the editor, as a draft.
  const staff = watchErrors(await logInAs(browser, await newStaffAccount()), errors);
  await openRoute(staff, '#/admin/products', PRODUCT_TEXT.listHeading);
  await staff.getByRole('link', { name: PRODUCT_TEXT.newProduct, exact: true }).click();
  await expect(staff.getByRole('heading', { level: 1, name: PRODUCT_TEXT.newTitle })).toBeVisible();
  await expect(staff.getByText(PHOTO_TEXT.newProduct)).toBeVisible();
  const label = (text: string) => staff.getByLabel(text, { exact: true });
  await label(PRODUCT_TEXT.category).selectOption({ label: PRODUCT_TEXT.categories.accessories });
  await label(PRODUCT_TEXT.name).fill(name);
  // The address follows the name.
  await expect(label(PRODUCT_TEXT.urlKey)).toHaveValue(`loop-cable-${stamp}`);
  await label(PRODUCT_TEXT.description).fill('A braided USB-C cable, coiled, for custom boards.');
  await label(PRODUCT_TEXT.price).fill('149.00');
  await label(PRODUCT_TEXT.accessoryConnectivity).selectOption('USB');
  await label(PRODUCT_TEXT.accessoryType).selectOption('Connectivity');
  await label(PRODUCT_TEXT.drawing).selectOption({ label: 'Cable' });
  await label(PRODUCT_TEXT.colour(1)).fill('Black');
  await label(PRODUCT_TEXT.sku(1)).fill(sku);
  // The sheet: material and weight, and what a cable must give (specs/required.ts: length, connector).
  await label('Material').fill('Braided nylon');
  await label('Weight').fill('60');
  await label('Length').fill('1.5');
  await label('Connector').fill('USB-C to USB-A');
  await staff.getByRole('button', { name: PRODUCT_TEXT.create, exact: true }).click();
  await expect(staff.getByText(PRODUCT_TEXT.created(name))).toBeVisible();
  await expect(
    staff.getByRole('heading', { level: 1, name: PRODUCT_TEXT.editTitle(name) }),
  ).toBeVisible();
  const key = decodeURIComponent(/#\/admin\/products\/([^?]+)/.exec(staff.url())![1]!);
  expect(key).toMatch(/^accessories:\d+$/);
  await expect(staff.getByText(PRODUCT_TEXT.statusNow.draft)).toBeVisible();

  // Its photo: chosen, described, uploaded.
  const png = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: '#0f766e' },
  })
    .png()
    .toBuffer();
  const file = `loop-cable-${stamp}.png`;
  await label(PHOTO_TEXT.add).setInputFiles({ name: file, mimeType: 'image/png', buffer: png });
  await label(PHOTO_TEXT.pendingAlt(file)).fill(alt);
  await staff.getByRole('button', { name: PHOTO_TEXT.upload(1), exact: true }).click();
  await expect(staff.getByText(PHOTO_TEXT.uploaded(1, 0), { exact: true })).toBeVisible({
    timeout: 15_000,
  });
  const photos = staff.getByRole('list', { name: PHOTO_TEXT.heading, exact: true });
  await expect(photos.getByRole('listitem')).toHaveCount(1);
  await expect(label(PHOTO_TEXT.alt(1))).toHaveValue(alt);

  // Published: in the shop.
  await staff.getByRole('button', { name: PRODUCT_TEXT.publish, exact: true }).click();
  await expect(staff.getByText(PRODUCT_TEXT.didPublish(name))).toBeVisible();
  await expect(staff.getByText(PRODUCT_TEXT.statusNow.published)).toBeVisible();

  // 2. A new colour starts with no units: staff put 20 on hand on the Stock page.
  await openRoute(staff, '#/admin/stock', 'Back office');
  await staff.getByRole('button', { name: stockEditorText.show, exact: true }).click();
  const onHand = label(stockEditorText.onHandLabel(item));
  await expect(onHand).toHaveValue('0');
  await onHand.fill('20');
  await staff.getByRole('button', { name: stockEditorText.saveLabel(item), exact: true }).click();
  await expect(staff.getByText(stockEditorText.saved(item, 20), { exact: true })).toBeVisible();

  // 3. A shopper finds it by its name and by its type, with its photo.
  await newShopper(page, 'catalogue-loop');
  await openRoute(page, LISTS.accessories.hash, LISTS.accessories.h1);
  await searchBox(page).fill(name);
  await filterChip(page, 'type', 'Connectivity').click();
  await expect(filterChip(page, 'type', 'Connectivity')).toHaveAttribute('aria-pressed', 'true');
  await expect(card(page, name)).toBeVisible();
  await expect(productList(page).getByRole('listitem')).toHaveCount(1);
  const shown = cardItem(page, name);
  await expect(shown.getByText('$149.00')).toBeVisible();
  const photo = shown.getByRole('img', { name: alt, exact: true });
  await expect.poll(() => loadedWidth(photo)).toBeGreaterThan(0);

  // Opened, the product is in the URL, beside the search and the filter.
  await card(page, name).click();
  await expect(productDialog(page, name)).toBeVisible();
  const shareable = page.url();
  const query = new URLSearchParams(new URL(shareable).hash.split('?')[1]);
  expect(query.get('product')).toBe(key);
  expect(query.get('q')).toBe(name);
  expect(query.get('type')).toBe('Connectivity');

  // That URL, opened in a new tab, opens the dialog on the product; it goes in the cart from there.
  const shared = watchErrors(await page.context().newPage(), errors);
  await shared.goto(shareable);
  const dialog = productDialog(shared, name);
  await expect(dialog).toBeVisible();
  const large = dialog.getByRole('img', { name: alt, exact: true });
  await expect.poll(() => loadedWidth(large)).toBeGreaterThan(0);
  await expect(dialog.getByText('In stock')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(shared.getByText(`Added ${item} to your cart`)).toBeVisible();

  // Paid on the hosted page: $149.00, Standard shipping free from a $100 subtotal
  // (docs/operations.md, Shipping and orders).
  const first = await checkOut(shared, '$149.00', '$149.00');
  const firstSummary = shared.getByRole('region', { name: `Order ${first}` });
  await expect(firstSummary.getByRole('rowheader', { name, exact: true })).toBeVisible();
  // Totals: subtotal, shipping, total.
  await expect(firstSummary.locator('dl').last()).toHaveText(
    /^Subtotal\s*\$149\.00\s*Shipping\s*Free\s*Total\s*\$149\.00$/,
  );

  // 4. Staff lower the price to $129.00 in the editor.
  await openRoute(staff, `#/admin/products/${key}`, PRODUCT_TEXT.editTitle(name));
  await label(PRODUCT_TEXT.price).fill('129.00');
  await staff.getByRole('button', { name: PRODUCT_TEXT.save, exact: true }).click();
  await expect(staff.getByText(PRODUCT_TEXT.saved(name), { exact: true })).toBeVisible();
  await expect(label(PRODUCT_TEXT.price)).toHaveValue('129.00');

  // 5. The shopper comes back later (a fresh load: an open tab reads the catalogue again only once
  // CATALOGUE_FRESH_MS has passed). The order emptied the cart, so from the list again, where the
  // card says the new price; the cart line and the hosted page charge it.
  await openRoute(shared, '#/cart', 'Your Cart');
  await expect(shared.getByText('Your cart is empty.', { exact: true })).toBeVisible();
  await shared.goto(`#/accessories?q=${encodeURIComponent(name)}`);
  await shared.reload();
  await expect(heading(shared, LISTS.accessories.h1)).toBeVisible();
  await expect(cardItem(shared, name).getByText('$129.00')).toBeVisible();
  await card(shared, name).click();
  const again = productDialog(shared, name);
  await again.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(again).toBeHidden();
  const second = await checkOut(shared, '$129.00', '$129.00');
  expect(second).not.toBe(first);

  // 6. The history keeps each order at the price it was paid, newest first.
  await openRoute(shared, '#/orderHistory', 'Order History');
  const orders = shared.getByRole('list', { name: 'Orders' }).locator(':scope > li');
  await expect(orders).toHaveCount(2);
  await expect(orders.nth(0).locator('.order__number')).toHaveText(second);
  await expect(orders.nth(1).locator('.order__number')).toHaveText(first);
  for (const [order, price] of [
    [orders.nth(0), '$129.00'],
    [orders.nth(1), '$149.00'],
  ] as const) {
    const line = order.getByRole('listitem');
    await expect(line).toHaveCount(1);
    await expect(line.getByRole('heading', { level: 3 })).toHaveText(name);
    await expect(line).toContainText(`Unit price: ${price}`);
  }

  // 7. Staff archive it (nobody deletes a product), so it leaves the shop again and the other specs
  // sharing this server see their own catalogue; the orders still name it.
  await openRoute(staff, `#/admin/products/${key}`, PRODUCT_TEXT.editTitle(name));
  await staff.getByRole('button', { name: PRODUCT_TEXT.archive, exact: true }).click();
  await staff
    .getByRole('dialog', { name: PRODUCT_TEXT.archiveTitle(name) })
    .getByRole('button', { name: PRODUCT_TEXT.archiveConfirm, exact: true })
    .click();
  await expect(staff.getByText(PRODUCT_TEXT.statusNow.archived)).toBeVisible();
  await shared.goto(`#/accessories?q=${encodeURIComponent(name)}`);
  await shared.reload();
  await expect(shared.getByText('No products match your search.', { exact: true })).toBeVisible();
  await openRoute(shared, '#/orderHistory', 'Order History');
  await expect(orders.getByRole('heading', { level: 3, name, exact: true })).toHaveCount(2);

  expect(
    errors.map((e) => e.message),
    'uncaught errors in the staff page or the shared tab',
  ).toEqual([]);
});
