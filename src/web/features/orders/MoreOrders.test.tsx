// The Order History page a page of whole orders at a time (docs/product.md, Order history), against
// the real server: "Show more orders" with the keyboard, focus, announcements and a failed page.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signIn, testShopPerFile } from '../../lib/test-shop.testing.tsx';
import { OrderHistoryPage } from './index.ts';

const shop = testShopPerFile();
const password = 'more-orders-password-1';
let n = 0;

/** A shopper with `orders` orders, one a day from Nov 1, 2026; order 11 has three lines. */
async function shopperWithOrders(orders: number) {
  const email = `more-${++n}@example.com`;
  const userId = await shop.createAccount(email, password);
  await shop.server.query(
    `INSERT INTO public.orders (user_id, product_name, selected_color, quantity, price, created_at,
       checkout_session_id, line_number, product_key)
     SELECT $1::uuid, format('Board %s-%s', k, line), 'Black', 1, 10.00,
       timestamptz '2026-11-01 12:00:00+00' + make_interval(days => k), format('cs_%s_%s', $1::text, k), line,
       'keyboards:9999'
     FROM generate_series(1, $2::int) AS k,
       LATERAL generate_series(0, CASE WHEN k = $2::int - 10 THEN 2 ELSE 0 END) AS line`,
    [userId, orders],
  );
  const store = shop.newStore();
  await signIn(store, email, password);
  return store;
}

const orders = () =>
  within(screen.getByRole('list', { name: 'Orders' }))
    .getAllByRole('listitem')
    .filter((li) => li.classList.contains('order'));
// The page's own live region (the toasts have one too).
const status = () =>
  within(document.querySelector<HTMLElement>('.orders-more')!).getByRole('status');

describe('Order History, page by page', () => {
  it('shows ten orders, then ten more and the rest from the keyboard, moving focus to each new page', async () => {
    const user = userEvent.setup();
    const store = await shopperWithOrders(23);
    shop.renderPage(<OrderHistoryPage />, store);
    await waitFor(() => expect(orders()).toHaveLength(10));
    expect(orders()[0]!.textContent).toContain('Board 23-0');

    const more = screen.getByRole('button', { name: 'Show more orders' });
    more.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(orders()).toHaveLength(20));
    expect(status().textContent).toBe('Showing 20 orders.');
    // Order 13 (the 11th newest) came whole: all three of its lines.
    expect(within(orders()[10]!).getAllByRole('heading', { level: 3 })).toHaveLength(3);
    expect(document.activeElement).toBe(within(orders()[10]!).getByRole('heading', { level: 2 }));

    screen.getByRole('button', { name: 'Show more orders' }).focus();
    await user.keyboard(' ');
    await waitFor(() => expect(orders()).toHaveLength(23));
    expect(orders()[22]!.textContent).toContain('Board 1-0');
    expect(document.activeElement).toBe(within(orders()[20]!).getByRole('heading', { level: 2 }));
    expect(status().textContent).toBe('All 23 of your orders are shown.');
    expect(screen.queryByRole('button', { name: 'Show more orders' })).toBeNull();
    expect(shop.requests.filter((r) => r === 'POST /rest/v1/rpc/order_history')).toHaveLength(3);
  });

  it('says when more orders could not be loaded, keeps the focus on "Try again" and retries', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const store = await shopperWithOrders(12);
    shop.renderPage(<OrderHistoryPage />, store);
    await waitFor(() => expect(orders()).toHaveLength(10));

    const release = shop.hold(/\/rest\/v1\/rpc\/order_history/);
    shop.failNext(/\/rest\/v1\/rpc\/order_history/, () =>
      Response.json(
        { code: 'XX000', details: null, hint: null, message: 'database unavailable' },
        { status: 500 },
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Show more orders' }));
    expect(status().textContent).toBe('Loading more orders…');
    release();
    expect((await screen.findByText('More orders could not be loaded.')).getAttribute('role')).toBe(
      'alert',
    );
    expect(logged).toHaveBeenCalledWith(
      'Error fetching orders:',
      expect.objectContaining({ message: 'database unavailable' }),
    );
    logged.mockRestore();
    // The ten orders stay, and the one button now says "Try again" and still has the focus.
    expect(orders()).toHaveLength(10);
    const again = screen.getByRole('button', { name: 'Try again' });
    expect(document.activeElement).toBe(again);

    await user.click(again);
    await waitFor(() => expect(orders()).toHaveLength(12));
    expect(screen.queryByText('More orders could not be loaded.')).toBeNull();
    expect(status().textContent).toBe('All 12 of your orders are shown.');
  });
});
