// A full refund asks first, saying the amount, and offers to return the items to stock
// (docs/product.md, Back office page); a partial refund runs at once.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDialogPolyfill } from '../../components/dialog-polyfill.testing.ts';
import { testShopPerFile } from '../../lib/test-shop.testing.tsx';
import { account, seedOrder } from './admin.testing.ts';
import { AdminPage } from './index.ts';

const shop = testShopPerFile();

beforeAll(() => installDialogPolyfill());
afterEach(() => vi.restoreAllMocks());

/** The bodies the page sent to admin-refund. */
function refundBodies() {
  const spy = vi.spyOn(globalThis, 'fetch');
  return () =>
    spy.mock.calls
      .filter(([input]) =>
        String(input instanceof Request ? input.url : input).includes('admin-refund'),
      )
      .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

describe('Back office: a full refund', () => {
  it('asks first with the amount, and sends the choice to return the items to stock', async () => {
    const staff = await account(shop, true);
    const order = await seedOrder(shop, { subtotalCents: 2000, shippingCents: 500 });
    window.history.replaceState(null, '', `#/admin/orders/${order.number}`);
    shop.renderPage(<AdminPage />, staff.store);
    const sent = refundBodies();
    await userEvent.click(await screen.findByRole('button', { name: 'Refund' }, { timeout: 5000 }));
    const form = screen.getByRole('form', { name: 'Refund' });
    await userEvent.click(within(form).getByRole('button', { name: 'Refund $25.00' }));

    let dialog = screen.getByRole('dialog', { name: `Refund order ${order.number} in full?` });
    expect(
      within(dialog).getByText(
        '$25.00, everything left of the order, is refunded to the customer and the order becomes Refunded. This cannot be undone.',
      ),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Do not refund' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent()).toEqual([]);

    await userEvent.click(within(form).getByRole('button', { name: 'Refund $25.00' }));
    dialog = screen.getByRole('dialog', { name: `Refund order ${order.number} in full?` });
    const stock = within(dialog).getByRole('checkbox', { name: 'Return the items to stock' });
    expect((stock as HTMLInputElement).checked).toBe(false);
    await userEvent.click(stock);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, refund $25.00' }));
    // The seeded order's payment is unknown to the provider: the refusal shows in the dialog.
    const alert = await within(dialog).findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toMatch(/^The action failed: ./);
    await waitFor(() =>
      expect(sent()).toEqual([
        { orderNumber: order.number, amountCents: 2500, returnToStock: true },
      ]),
    );
  });

  it('says how much of the amount is tax, partial or full', async () => {
    const staff = await account(shop, true);
    // $100.00 less $20.00, $5.00 shipping, $5.80 sales tax: $90.80 charged.
    const order = await seedOrder(shop, {
      subtotalCents: 10000,
      shippingCents: 500,
      discountCents: 2000,
      taxCents: 580,
      taxLabel: 'Sales tax 7.25%',
    });
    window.history.replaceState(null, '', `#/admin/orders/${order.number}`);
    shop.renderPage(<AdminPage />, staff.store);
    await userEvent.click(await screen.findByRole('button', { name: 'Refund' }, { timeout: 5000 }));
    const form = screen.getByRole('form', { name: 'Refund' });
    const amount = within(form).getByLabelText('Amount in dollars');
    expect(amount.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(form).getByText(/^Up to/).textContent).toBe(
      'Up to $90.80. Full refund (includes $5.80 tax)',
    );
    await userEvent.clear(amount);
    await userEvent.type(amount, '45.40');
    // round(4540 × 580 / 9080) = 290.
    expect(within(form).getByText(/^Up to/).textContent).toBe(
      'Up to $90.80. Partial refund (includes $2.90 tax)',
    );
    await userEvent.clear(amount);
    await userEvent.type(amount, '90.80');
    await userEvent.click(within(form).getByRole('button', { name: 'Refund $90.80' }));
    const dialog = screen.getByRole('dialog', { name: `Refund order ${order.number} in full?` });
    expect(within(dialog).getByText('The refund includes $5.80 tax.')).toBeTruthy();
  });
});
