import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installDialogPolyfill } from '../../components/dialog-polyfill.testing.ts';
import { findAlert, testShopPerFile } from '../../lib/test-shop.testing.tsx';
import { account, seedOrder } from './admin.testing.ts';
import { AdminPage } from './index.ts';

const shop = testShopPerFile();

beforeAll(() => installDialogPolyfill());

function go(hash: string) {
  window.history.replaceState(null, '', hash);
  window.dispatchEvent(new HashChangeEvent('hashchange'));
}

async function openOrder(
  seed: Parameters<typeof seedOrder>[1] = {},
  before: (order: { id: number }) => Promise<unknown> = async () => undefined,
) {
  const staff = await account(shop, true);
  const order = await seedOrder(shop, seed);
  await before(order);
  // Typed in lower case, from a filtered list.
  go(`#/admin/orders/${order.number.toLowerCase()}?status=paid`);
  shop.renderPage(<AdminPage />, staff.store);
  await screen.findByRole('heading', { level: 2, name: 'Summary' }, { timeout: 5000 });
  return { ...order, staff };
}

const section = (name: string) => screen.getByRole('region', { name });
const fact = (region: string, term: string) =>
  within(section(region)).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

beforeEach(() => go('#/admin'));

describe('Back office: one order', () => {
  it('shows lines, totals, refunds, delivery, payment, timeline and the way back', async () => {
    const order = await openOrder(
      { subtotalCents: 12999, shippingCents: 500, refundedCents: 1000 },
      ({ id }) =>
        shop.server.query(
          `INSERT INTO public.shop_order_refunds (order_id, provider_refund_id, amount_cents)
           VALUES ($1, 're_test_seen', 1000)`,
          [id],
        ),
    );
    expect(within(section('Refunds')).getByText('re_test_seen')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: `Order ${order.number}` })).toBeTruthy();
    expect(fact('Summary', 'Status')).toBe('Partially refunded');
    expect(fact('Summary', 'Total')).toBe('$134.99');
    expect(fact('Summary', 'Refunded')).toBe('$10.00');
    expect(fact('Summary', 'Remaining')).toBe('$124.99');
    expect(fact('Summary', 'Payment reference')).toMatch(/^pi_test_/);
    const line = within(section('Lines')).getByRole('row', { name: /Mechanical Keyboard Pro/ });
    expect(within(line).getByText('White')).toBeTruthy();
    expect(within(line).getAllByText('$129.99')).toHaveLength(2);
    expect(fact('Delivery', 'Ship to')).toBe('Ada Lovelace1 Analytical WayLondon, LDN, N1 9GUGB');
    expect(fact('Delivery', 'Method')).toBe('Standard');
    expect(fact('Delivery', 'Carrier')).toBe('Not shipped yet.');
    expect(within(section('Timeline')).getAllByRole('time').length).toBeGreaterThan(0);
    expect(within(section('Audit log')).getByText('No staff actions yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to orders' }).getAttribute('href')).toBe(
      '#/admin?status=paid',
    );
  });

  it('shows the code’s discount, the tax and the tax inside each refund', async () => {
    // $129.99 less $26.00, $5.00 shipping, 7.25% sales tax on the $103.99 left: $7.54.
    await openOrder(
      {
        subtotalCents: 12999,
        shippingCents: 500,
        discountCode: 'SPRING-20',
        discountCents: 2600,
        taxCents: 754,
        taxLabel: 'Sales tax 7.25%',
        refundedCents: 5000,
      },
      ({ id }) =>
        shop.server.query(
          `INSERT INTO public.shop_order_refunds (order_id, provider_refund_id, amount_cents)
           VALUES ($1, 're_test_taxed', 5000)`,
          [id],
        ),
    );
    const terms = [...section('Summary').querySelectorAll('dt')].map((dt) => dt.textContent);
    expect(terms.slice(2, 7)).toEqual([
      'Subtotal',
      'Discount (SPRING-20)',
      'Shipping',
      'Tax (Sales tax 7.25%)',
      'Total',
    ]);
    expect(fact('Summary', 'Discount (SPRING-20)')).toBe('\u2212$26.00');
    expect(fact('Summary', 'Tax (Sales tax 7.25%)')).toBe('$7.54');
    expect(fact('Summary', 'Total')).toBe('$116.53');
    expect(fact('Summary', 'Remaining')).toBe('$66.53');
    // round(5000 × 754 / 11653) = 324.
    const refund = within(section('Refunds')).getByRole('listitem');
    expect(refund.textContent).toMatch(/^\$50\.00 \(includes \$3\.24 tax\) · /);
  });

  it('puts VAT inside the prices after the total, and shows no discount without one', async () => {
    await openOrder({
      subtotalCents: 11900,
      shippingCents: 0,
      taxCents: 1900,
      taxInclusive: true,
      taxLabel: 'VAT 19%',
    });
    const terms = [...section('Summary').querySelectorAll('dt')].map((dt) => dt.textContent);
    expect(terms.slice(2, 6)).toEqual(['Subtotal', 'Shipping', 'Total', 'Includes VAT 19%']);
    expect(fact('Summary', 'Total')).toBe('$119.00');
    expect(fact('Summary', 'Includes VAT 19%')).toBe('$19.00');
  });

  it('says so when there is no such order', async () => {
    const staff = await account(shop, true);
    go('#/admin/orders/KS-1');
    shop.renderPage(<AdminPage />, staff.store);
    await findAlert('There is no order KS-1.');
  });
});

describe('Back office: actions', () => {
  it('ships with a carrier and tracking number, both required, then delivers', async () => {
    const order = await openOrder();
    expect(screen.queryByRole('button', { name: 'Mark delivered' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Mark shipped' }));
    const form = screen.getByRole('form', { name: 'Mark shipped' });
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm shipment' }));
    const carrier = within(form).getByLabelText('Carrier');
    expect(carrier.getAttribute('aria-invalid')).toBe('true');
    expect(carrier.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(form).getByText('Choose a carrier.')).toBeTruthy();
    expect(within(form).getByText('Enter the tracking number.')).toBeTruthy();
    expect(document.activeElement).toBe(carrier);

    await userEvent.selectOptions(carrier, 'Other');
    await userEvent.type(within(form).getByLabelText('Carrier name'), 'Royal Mail');
    await userEvent.type(within(form).getByLabelText('Tracking number'), 'RM123456789GB');
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm shipment' }));
    expect(
      await screen.findByText(`Order ${order.number} is marked shipped.`, {}, { timeout: 5000 }),
    ).toBeTruthy();
    await waitFor(() => expect(fact('Summary', 'Status')).toBe('Shipped'), { timeout: 5000 });
    expect(fact('Delivery', 'Carrier')).toBe('Royal Mail');
    expect(fact('Delivery', 'Tracking number')).toBe('RM123456789GB');
    const audit = within(section('Audit log'));
    expect(audit.getByText('Marked shipped: Royal Mail RM123456789GB')).toBeTruthy();
    expect(audit.getByText(order.staff.email)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark shipped' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Mark delivered' }));
    expect(
      await screen.findByText(`Order ${order.number} is marked delivered.`, {}, { timeout: 5000 }),
    ).toBeTruthy();
    await waitFor(() => expect(fact('Summary', 'Status')).toBe('Delivered'), {
      timeout: 5000,
    });
    expect(screen.queryByRole('button', { name: 'Mark delivered' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Refund' })).toBeTruthy();
  });

  it("shows the server's refusal when the order changed behind the page", async () => {
    const order = await openOrder();
    await shop.server.query(`UPDATE public.shop_orders SET status = 'cancelled' WHERE id = $1`, [
      order.id,
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Mark shipped' }));
    const form = screen.getByRole('form', { name: 'Mark shipped' });
    await userEvent.selectOptions(within(form).getByLabelText('Carrier'), 'UPS');
    await userEvent.type(within(form).getByLabelText('Tracking number'), '1Z999');
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm shipment' }));
    const alert = await waitFor(() => {
      const found = screen.getAllByRole('alert').find((a) => a.textContent);
      if (!found) throw new Error('no alert yet');
      return found;
    });
    expect(alert.textContent).toMatch(/^The action failed: .*cancelled/);
    expect(within(form).getByLabelText('Tracking number')).toBeTruthy();
  });

  it('asks before cancelling, saying what is refunded, and shows a refusal in the dialog', async () => {
    const order = await openOrder({ subtotalCents: 2000, shippingCents: 500, refundedCents: 500 });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    let dialog = screen.getByRole('dialog', { name: `Cancel order ${order.number}?` });
    expect(
      within(dialog).getByText(
        'The order is cancelled, its stock is returned and the remaining $20.00 is refunded to the customer. This cannot be undone.',
      ),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(shop.requests.some((r) => r.includes('admin-cancel'))).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    dialog = screen.getByRole('dialog', { name: `Cancel order ${order.number}?` });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel the order' }));
    // This test server has no payment provider to refund through: the server says so.
    const alert = await within(dialog).findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toMatch(/^The action failed: ./);
    expect(fact('Summary', 'Status')).toBe('Partially refunded');
  });

  it('refunds the remaining amount by default and checks the amount', async () => {
    await openOrder({ subtotalCents: 2000, shippingCents: 500, refundedCents: 500 });
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    const form = screen.getByRole('form', { name: 'Refund' });
    const amount = within(form).getByLabelText('Amount in dollars');
    expect((amount as HTMLInputElement).value).toBe('20.00');
    expect(within(form).getByText(/Up to \$20\.00\. Full refund/)).toBeTruthy();

    await userEvent.clear(amount);
    await userEvent.type(amount, '20.01');
    await userEvent.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(within(form).getByText('Enter an amount from $0.01 to $20.00.')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(shop.requests.some((r) => r.includes('/functions/v1/admin-refund'))).toBe(false);

    await userEvent.clear(amount);
    await userEvent.type(amount, '5');
    expect(within(form).getByText(/Partial refund/)).toBeTruthy();
    // The seeded order's payment is unknown to the provider: the server's refusal is shown.
    await userEvent.click(within(form).getByRole('button', { name: 'Refund $5.00' }));
    await waitFor(
      () =>
        expect(
          screen
            .getAllByRole('alert')
            .some((a) => a.textContent?.startsWith('The action failed: ')),
        ).toBe(true),
      { timeout: 10_000 },
    );
    expect(shop.requests).toContain('POST /functions/v1/admin-refund');
    expect(fact('Summary', 'Refunded')).toBe('$5.00');
    expect(screen.getByRole('form', { name: 'Refund' })).toBeTruthy();
  });
});
