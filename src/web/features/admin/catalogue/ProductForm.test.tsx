import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installDialogPolyfill } from '../../../components/dialog-polyfill.testing.ts';
import { findAlert, testShopPerFile } from '../../../lib/test-shop.testing.tsx';
import { account } from '../admin.testing.ts';
import { AdminPage } from '../index.ts';
import { go, seedProduct } from './products.testing.ts';

const shop = testShopPerFile();

// Every step waits for the real server, on a machine that may be busy.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(() => installDialogPolyfill());

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
/** What a control's aria-describedby says: its unit, hint and error. */
const described = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');
const saves = () => shop.requests.filter((r) => r.includes('/rest/v1/rpc/save_product'));

async function openEditor(key: string) {
  const { store } = await account(shop, true);
  go(`#/admin/products/${encodeURIComponent(key)}`);
  shop.renderPage(<AdminPage />, store);
  await screen.findByLabelText('Name');
  return userEvent.setup();
}

beforeEach(() => go('#/admin/products/new'));

describe('Back office: creating a product', () => {
  it('creates a draft with its colours in order, then opens its editor', async () => {
    const { store, email } = await account(shop, true);
    shop.renderPage(<AdminPage />, store);
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'New product' });
    await user.selectOptions(input('Category'), 'Accessories');
    await user.type(input('Name'), 'Desk Cable Deluxe');
    expect(input('Address').value).toBe('desk-cable-deluxe');
    await user.type(input('Description'), 'A long cable.');
    await user.type(input('Price in dollars'), '12.50');
    await user.selectOptions(input('Connectivity'), 'Wired');
    await user.selectOptions(input('Accessory type'), 'Connectivity');
    await user.selectOptions(input('Drawing'), 'Cable');
    await user.type(input('Colour 1'), 'Black');
    await user.type(input('SKU of colour 1'), 'dcd-black');
    expect(input('SKU of colour 1').value).toBe('DCD-BLACK');
    await user.click(screen.getByRole('button', { name: 'Add a colour' }));
    expect(document.activeElement).toBe(input('Colour 2'));
    await user.keyboard('White');
    await user.type(input('SKU of colour 2'), 'DCD-WHITE');
    await user.click(screen.getByRole('button', { name: 'Move colour 2 up' }));
    // The focus stays on the button of the row that moved, now the first.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move colour 1 up' }));
    expect(screen.getByText('White moved to position 1.').getAttribute('role')).toBe('status');
    await user.selectOptions(input('Default colour'), 'Black');
    await user.type(input('Material'), 'Braided nylon');
    await user.type(input('Weight'), '60');
    await user.type(input('Length'), '1.5');
    await user.type(input('Connector'), 'USB-C to USB-C');
    await user.click(screen.getByRole('button', { name: 'Create product' }));

    expect(await screen.findByText('Created Desk Cable Deluxe as a draft.')).toBeTruthy();
    await waitFor(() =>
      expect(window.location.hash).toMatch(/^#\/admin\/products\/accessories%3A\d+$/),
    );
    await screen.findByRole('heading', { level: 1, name: 'Edit Desk Cable Deluxe' });
    const key = decodeURIComponent(window.location.hash.split('/').pop()!);
    const [saved] = await shop.server.query<Record<string, unknown>>(
      'SELECT status, price_cents, selected_color, variants, specs FROM public.catalogue_products WHERE key = $1',
      [key],
    );
    expect(saved).toEqual({
      status: 'draft',
      price_cents: 1250,
      selected_color: 'Black',
      variants: [
        { color: 'White', sku: 'DCD-WHITE' },
        { color: 'Black', sku: 'DCD-BLACK' },
      ],
      specs: { material: 'Braided nylon', weightG: 60, lengthM: 1.5, connector: 'USB-C to USB-C' },
    });
    const history = await screen.findByRole('table', { name: 'History' });
    expect(within(history).getAllByText(email).length).toBeGreaterThan(0);
    expect(within(history).getByText('Desk Cable Deluxe, $12.50, Draft')).toBeTruthy();

    go('#/admin/products?q=desk-cable-deluxe');
    const list = await screen.findByRole('table', { name: 'Products' });
    const row = within(list).getByRole('row', { name: /Desk Cable Deluxe/ });
    expect(within(row).getByText('Draft')).toBeTruthy();
    expect(within(row).getByText('White, Black')).toBeTruthy();
  });

  it('checks the form before sending it: each error beside its field, the focus on the first', async () => {
    const { store } = await account(shop, true);
    shop.renderPage(<AdminPage />, store);
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'New product' });
    await user.type(input('Price in dollars'), '12.345');
    await user.type(input('Colour 1'), 'Black');
    await user.type(input('SKU of colour 1'), 'KB-X');
    await user.click(screen.getByRole('button', { name: 'Add a colour' }));
    await user.keyboard('White');
    await user.type(input('SKU of colour 2'), 'kb-x');
    await user.type(input('Weight'), '-5');
    await user.click(screen.getByRole('button', { name: 'Create product' }));

    const name = input('Name');
    expect(document.activeElement).toBe(name);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(described(name)).toBe('Enter the product’s name, at most 120 characters.');
    expect(described(input('Price in dollars'))).toContain(
      'Enter a price in dollars from 0.01 to 100000, such as 120 or 119.99.',
    );
    expect(input('SKU of colour 1').getAttribute('aria-invalid')).toBeNull();
    expect(described(input('SKU of colour 2'))).toBe(
      'Another colour of this product has this SKU.',
    );
    expect(described(input('Weight'))).toBe('g | Must be more than 0.');
    expect(described(input('Size'))).toBe('Fill this in.');
    await findAlert('The product was not saved: correct the fields marked below.');
    expect(saves()).toEqual([]);

    // Correcting a field takes its error away.
    await user.type(name, 'Half a Keyboard');
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(input('Weight').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('Back office: what the server refuses', () => {
  it('says a name another product has beside the name, keeping what was typed', async () => {
    const { store } = await account(shop, true);
    const cable = await seedProduct(store);
    const user = await openEditor(cable.key);
    const name = input('Name');
    await user.clear(name);
    await user.type(name, 'Mechanical Keyboard Pro');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(described(name)).toBe('Another product already has this name.');
    expect(document.activeElement).toBe(name);
    expect(name.value).toBe('Mechanical Keyboard Pro');
  });

  it('refuses a stale edit in words and keeps the form as typed', async () => {
    const { store } = await account(shop, true);
    const cable = await seedProduct(store);
    const user = await openEditor(cable.key);
    // Someone else changes the product after it was opened.
    await shop.server.query('UPDATE public.products SET price_cents = 4242 WHERE key = $1', [
      cable.key,
    ]);
    await user.type(input('Description'), ' Now longer.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const alert = await screen.findByText(/since you opened it: reload it and try again\.$/);
    expect(alert.getAttribute('role')).toBe('alert');
    expect(document.activeElement).toBe(alert);
    expect(input('Description').value).toBe('A cable for the tests. Now longer.');
    expect(input('Price in dollars').value).toBe('9.99');
    const [row] = await shop.server.query<{ price_cents: number; description: string }>(
      'SELECT price_cents, description FROM public.products WHERE key = $1',
      [cable.key],
    );
    expect(row).toEqual({ price_cents: 4242, description: 'A cable for the tests.' });
  });

  it('asks before changing the address of a product, since shared links use it', async () => {
    const { store } = await account(shop, true);
    const cable = await seedProduct(store);
    const user = await openEditor(cable.key);
    const seeded = saves().length;
    const address = input('Address');
    await user.clear(address);
    await user.type(address, `${cable.url_key}-new`);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    let dialog = screen.getByRole('dialog', { name: 'Change the product’s address?' });
    expect(dialog.textContent).toContain(
      `Links shared with the old address, ${cable.url_key}, will lead there`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(saves()).toHaveLength(seeded);

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    dialog = screen.getByRole('dialog', { name: 'Change the product’s address?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, change the address' }));
    expect(await screen.findByText(`Saved ${cable.name}.`)).toBeTruthy();
    const [row] = await shop.server.query<{ url_key: string }>(
      'SELECT url_key FROM public.products WHERE key = $1',
      [cable.key],
    );
    expect(row?.url_key).toBe(`${cable.url_key}-new`);
  });
});
