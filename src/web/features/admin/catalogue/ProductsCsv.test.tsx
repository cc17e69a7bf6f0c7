import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testShopPerFile } from '../../../lib/test-shop.testing.tsx';
import { account } from '../admin.testing.ts';
import { AdminPage } from '../index.ts';
import { fetchHistory, fetchProduct } from './api.ts';
import { go, seedProduct } from './products.testing.ts';

const shop = testShopPerFile();
configure({ asyncUtilTimeout: 10_000 });

let saved: Blob[] = [];
beforeEach(() => {
  saved = [];
  // jsdom has no object URLs: keep what the page hands the browser to save.
  URL.createObjectURL = vi.fn((blob: Blob) => {
    saved.push(blob);
    return 'blob:test';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  go('#/admin/products');
});
afterEach(() => vi.restoreAllMocks());

const blobText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

/** The exported file, one line per product; the seeded product's line changed by `edit`. */
async function exportedWith(key: string, edit: (line: string) => string): Promise<File> {
  await userEvent.click(await screen.findByRole('button', { name: 'Export products' }));
  expect(saved).toHaveLength(1);
  const lines = (await blobText(saved[0]!)).split('\r\n');
  const at = lines.findIndex((l) => l.startsWith(`"${key}",`));
  expect(at).toBeGreaterThan(0);
  lines[at] = edit(lines[at]!);
  return new File([lines.join('\r\n')], 'products.csv', { type: 'text/csv' });
}

describe('Back office: products as CSV', () => {
  it('exports every product and imports a changed price after showing the change', async () => {
    const { store } = await account(shop, true);
    const cable = await seedProduct(store, { price_cents: 999 });
    shop.renderPage(<AdminPage />, store);
    await screen.findByRole('table', { name: 'Products' });

    const file = await exportedWith(cable.key, (line) => line.replace(',9.99,', ',12.50,'));
    await userEvent.upload(screen.getByLabelText('Import products (CSV file)'), file);
    expect(await screen.findByText(/^1 product changes, \d+ unchanged, 0 errors\.$/)).toBeTruthy();
    expect(screen.getByText('Price: $9.99 → $12.50')).toBeTruthy();
    // A dry run: nothing is written before Apply.
    const before = await fetchProduct(await store.backend(), cable.key);
    expect(before?.price_cents).toBe(999);

    await userEvent.click(screen.getByRole('button', { name: 'Apply 1 change' }));
    expect(await screen.findByText('Imported: 1 product saved.')).toBeTruthy();
    const after = await fetchProduct(await store.backend(), cable.key);
    expect(after?.price_cents).toBe(1250);
    const history = await fetchHistory(await store.backend(), cable.key);
    expect(history[0]).toMatchObject({ action: 'product.update' });
    expect(history[0]!.after).toMatchObject({ price_cents: 1250 });
  });

  it('lists the errors by line and offers nothing to apply', async () => {
    const { store } = await account(shop, true);
    const cable = await seedProduct(store);
    shop.renderPage(<AdminPage />, store);
    await screen.findByRole('table', { name: 'Products' });

    const file = await exportedWith(cable.key, (line) =>
      line.replace(',9.99,', ',free,').replace('"draft"', '"sold"'),
    );
    await userEvent.upload(screen.getByLabelText('Import products (CSV file)'), file);
    expect(await screen.findByText(/0 products change, \d+ unchanged, 2 errors\./)).toBeTruthy();
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Line \d+: Status must be one of draft, published, archived\.$/),
        expect.stringMatching(/^Line \d+: Price must be an amount in dollars above 0/),
      ]),
    );
    expect(screen.queryByRole('button', { name: /^Apply/ })).toBeNull();
  });

  it('imports nothing when a product changed after the file was read', async () => {
    const { store } = await account(shop, true);
    const cable = await seedProduct(store);
    shop.renderPage(<AdminPage />, store);
    await screen.findByRole('table', { name: 'Products' });
    const file = await exportedWith(cable.key, (line) => line.replace(',9.99,', ',11.00,'));
    await userEvent.upload(screen.getByLabelText('Import products (CSV file)'), file);
    const apply = await screen.findByRole('button', { name: 'Apply 1 change' });

    // Someone else saves the product meanwhile.
    await seedProduct(store, { ...cable, key: cable.key, price_cents: 1500 });
    await userEvent.click(apply);
    const message = `Nothing was imported: Someone changed ${cable.name} since you opened it: reload it and try again.`;
    expect((await screen.findByText(message)).getAttribute('role')).toBe('alert');
    await waitFor(async () =>
      expect((await fetchProduct(await store.backend(), cable.key))?.price_cents).toBe(1500),
    );
  });
});
