import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testShopPerFile } from '../../../lib/test-shop.testing.tsx';
import { account } from '../admin.testing.ts';
import { AdminPage } from '../index.ts';
import { go, seedProduct } from './products.testing.ts';

const shop = testShopPerFile();

// Every step waits for the real server, on a machine that may be busy.
configure({ asyncUtilTimeout: 10_000 });

const table = () => screen.getByRole('table', { name: 'Products' });
const names = () =>
  within(table())
    .getAllByRole('rowheader')
    .map((cell) => within(cell).getByRole('link').textContent);

beforeEach(() => go('#/admin/products'));

describe('Back office: the sections', () => {
  it('links Orders, Stock, Products, Discounts and Tax, marking the current one', async () => {
    const { store } = await account(shop, true);
    shop.renderPage(<AdminPage />, store);
    const nav = await screen.findByRole('navigation', { name: 'Back office sections' });
    const link = (name: string) => within(nav).getByRole('link', { name });
    expect(link('Orders').getAttribute('href')).toBe('#/admin');
    expect(link('Stock').getAttribute('href')).toBe('#/admin/stock');
    expect(link('Discounts').getAttribute('href')).toBe('#/admin/discounts');
    expect(link('Tax').getAttribute('href')).toBe('#/admin/tax');
    expect(link('Products').getAttribute('aria-current')).toBe('page');
    expect(link('Orders').getAttribute('aria-current')).toBeNull();

    go('#/admin/products/keyboards%3A1');
    await waitFor(() => expect(link('Products').getAttribute('aria-current')).toBe('true'));
    go('#/admin/stock');
    await waitFor(() => expect(link('Stock').getAttribute('aria-current')).toBe('page'));
    expect(screen.getByRole('heading', { name: 'Stock' })).toBeTruthy();
    go('#/admin/discounts');
    await waitFor(() => expect(link('Discounts').getAttribute('aria-current')).toBe('page'));
    expect(screen.getByRole('heading', { name: 'Discount codes', level: 1 })).toBeTruthy();
    go('#/admin/tax');
    await waitFor(() => expect(link('Tax').getAttribute('aria-current')).toBe('page'));
    expect(screen.getByRole('heading', { name: 'Tax', level: 1 })).toBeTruthy();
    go('#/admin');
    await waitFor(() => expect(link('Orders').getAttribute('aria-current')).toBe('page'));
  });
});

describe('Back office: the product list', () => {
  it('lists every product, drafts and archived ones too, and filters by status in the URL', async () => {
    const { store } = await account(shop, true);
    const draft = await seedProduct(store, { name: 'Listed Draft Cable', price_cents: 1250 });
    const archived = await seedProduct(store, {
      name: 'Listed Archived Cable',
      status: 'archived',
    });
    shop.renderPage(<AdminPage />, store);
    await screen.findByRole('table', { name: 'Products' });
    expect(names()).toEqual(expect.arrayContaining([draft.name, archived.name, 'Blue Switch']));

    const row = within(table()).getByRole('row', { name: new RegExp(draft.name) });
    expect(within(row).getByText('Accessories')).toBeTruthy();
    expect(within(row).getByText('$12.50')).toBeTruthy();
    expect(within(row).getByText('Black, White')).toBeTruthy();
    expect(within(row).getByText('Draft')).toBeTruthy();
    expect(within(row).getByRole('link').getAttribute('href')).toBe(
      `#/admin/products/${encodeURIComponent(draft.key)}`,
    );

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Archived');
    expect(window.location.hash).toBe('#/admin/products?status=archived');
    expect(names()).toEqual([archived.name]);
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Draft');
    expect(names()).toContain(draft.name);
    expect(names()).not.toContain(archived.name);
    expect(names()).not.toContain('Blue Switch');
  });

  it('searches names, keys, SKUs and addresses, any case, and says when nothing matches', async () => {
    const { store } = await account(shop, true);
    const cable = await seedProduct(store, { name: 'Searchable Cable' });
    shop.renderPage(<AdminPage />, store);
    await screen.findByRole('table', { name: 'Products' });
    const search = screen.getByRole('searchbox', { name: 'Search products' });

    await userEvent.type(search, 'SEARCHABLE');
    expect(names()).toEqual([cable.name]);
    expect(screen.getByText(/^Showing 1 of \d+ products\.$/).getAttribute('role')).toBe('status');
    await userEvent.clear(search);
    await userEvent.type(search, cable.variants[1]!.sku.toLowerCase());
    expect(names()).toEqual([cable.name]);
    await userEvent.clear(search);
    await userEvent.type(search, 'mechanical-keyboard-pro');
    expect(names()).toEqual(['Mechanical Keyboard Pro']);
    await userEvent.clear(search);
    await userEvent.type(search, 'switches:205');
    expect(names()).toEqual(['Blue Switch']);
    expect(window.location.hash).toBe('#/admin/products?q=switches:205');

    await userEvent.clear(search);
    await userEvent.type(search, 'nothing-like-this');
    expect(screen.getByText('No products match.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when the products could not be loaded, and tries again on request', async () => {
    const { store } = await account(shop, true);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    shop.failNext(/\/rest\/v1\/catalogue_products/, () => new Response('{}', { status: 500 }));
    shop.renderPage(<AdminPage />, store);
    expect((await screen.findByText('Products could not be loaded.')).getAttribute('role')).toBe(
      'alert',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Products' })).toBeTruthy();
    vi.mocked(console.error).mockRestore();
  });
});
