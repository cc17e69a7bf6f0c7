import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { findAlert, testShopPerFile } from '../../lib/test-shop.testing.tsx';
import { account, seedOrder } from './admin.testing.ts';
import { AdminPage } from './index.ts';

const shop = testShopPerFile();

function go(hash: string) {
  window.history.replaceState(null, '', hash);
  window.dispatchEvent(new HashChangeEvent('hashchange'));
}

const orderLinks = () =>
  within(screen.getByRole('table', { name: 'Orders' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

beforeEach(() => go('#/admin'));

describe('Back office: who may see it', () => {
  it('asks a signed-out visitor to log in', () => {
    shop.renderPage(<AdminPage />, shop.newStore());
    expect(screen.getByRole('heading', { level: 1, name: 'Back office' })).toBeTruthy();
    expect(screen.getByText('You must be logged in to use the back office.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('#/login');
  });

  it('tells a shopper the page is for staff, and reads no orders', async () => {
    const { store } = await account(shop, false);
    await seedOrder(shop);
    shop.renderPage(<AdminPage />, store);
    expect(await screen.findByText('This page is for Keebshop staff.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(shop.requests.filter((r) => /\/rest\/v1\/|\/functions\/v1\//.test(r))).toEqual([]);
  });
});

describe('Back office: the order list', () => {
  it('lists orders newest first, 25 at a time, with number, date, email, status and total', async () => {
    const { store } = await account(shop, true);
    const base = Date.parse('2026-10-01T12:00:00Z');
    const numbers: string[] = [];
    for (let i = 0; i < 27; i++) {
      const { number } = await seedOrder(shop, {
        email: `list-${i}@example.com`,
        createdAt: new Date(base + i * 60_000).toISOString(),
        subtotalCents: 1000 + i,
        shippingCents: 500,
      });
      numbers.push(number);
    }
    const newestFirst = numbers.slice().reverse();
    // Only this test's orders: a shared link with a search in it.
    go('#/admin?q=list-');
    shop.renderPage(<AdminPage />, store);
    await waitFor(() => expect(orderLinks()).toEqual(newestFirst.slice(0, 25)));
    const first = screen.getByRole('row', { name: new RegExp(newestFirst[0]!) });
    expect(within(first).getByText('list-26@example.com')).toBeTruthy();
    expect(within(first).getByText('Paid')).toBeTruthy();
    expect(within(first).getByText('$15.26')).toBeTruthy();
    expect(within(first).getByRole('link').getAttribute('href')).toBe(
      `#/admin/orders/${newestFirst[0]}?q=list-`,
    );
    expect(screen.getByText('Showing 25 orders.').getAttribute('role')).toBe('status');

    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(orderLinks()).toEqual(newestFirst));
    // Focus moves to the first order added.
    expect(document.activeElement?.textContent).toBe(newestFirst[25]);
    expect(screen.getByText('All 27 matching orders are shown.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('filters by status and searches by number prefix or email, any case, in the URL', async () => {
    const { store } = await account(shop, true);
    const shipped = await seedOrder(shop, {
      email: 'Filter.Shipped@Example.com',
      status: 'shipped',
    });
    const paid = await seedOrder(shop, { email: 'filter.paid@example.com' });
    shop.renderPage(<AdminPage />, store);
    await screen.findByRole('table', { name: 'Orders' }, { timeout: 5000 });

    // The filtered list is held at the fetch until the page has said it is loading: an answer
    // may otherwise arrive before the transient text could be seen.
    const release = shop.hold(/admin-orders\?.*status=shipped/);
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Shipped');
    expect(window.location.hash).toBe('#/admin?status=shipped');
    await screen.findByText('Loading orders…');
    release();
    await waitFor(() => expect(orderLinks()).toContain(shipped.number));
    expect(orderLinks()).not.toContain(paid.number);

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'All');
    const search = screen.getByRole('searchbox', { name: 'Search orders' });
    await userEvent.type(search, 'FILTER.shipped');
    await waitFor(() => expect(window.location.hash).toBe('#/admin?q=FILTER.shipped'));
    await waitFor(() => expect(orderLinks()).toEqual([shipped.number]));

    await userEvent.clear(search);
    await userEvent.type(search, paid.number.toLowerCase());
    await waitFor(() => expect(orderLinks()).toEqual([paid.number]));

    // A prefix of the number finds it too; a shared link opens with its filters applied.
    go(`#/admin?status=paid&q=${paid.number.slice(0, -1)}`);
    await waitFor(() => {
      expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('paid');
      expect(orderLinks()).toContain(paid.number);
    });
    expect(orderLinks()).not.toContain(shipped.number);
    expect((search as HTMLInputElement).value).toBe(paid.number.slice(0, -1));

    go('#/admin?q=nobody-at-all');
    expect(await screen.findByText('No orders match.')).toBeTruthy();
  });

  it('finds an order by the shipping name, and says "Partially refunded" as the shopper sees', async () => {
    const { store } = await account(shop, true);
    const partly = await seedOrder(shop, {
      status: 'delivered',
      refundedCents: 500,
      shippingName: 'Grace Brewster Hopper',
    });
    await seedOrder(shop, { shippingName: 'Someone Else' });
    go('#/admin?q=brewster%20HOPPER');
    shop.renderPage(<AdminPage />, store);
    await waitFor(() => expect(orderLinks()).toEqual([partly.number]), { timeout: 5000 });
    const row = screen.getByRole('row', { name: new RegExp(partly.number) });
    expect(within(row).getByText('Partially refunded')).toBeTruthy();
    expect(within(row).queryByText('Delivered')).toBeNull();
  });

  it('says when the orders could not be loaded, and tries again on request', async () => {
    const { store } = await account(shop, true);
    const { number } = await seedOrder(shop);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    shop.failNext(/\/functions\/v1\/admin-orders\?/, () => new Response('{}', { status: 500 }));
    shop.renderPage(<AdminPage />, store);
    await findAlert('Orders could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(orderLinks()).toContain(number));
    vi.mocked(console.error).mockRestore();
  });
});
