import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fixtureCatalogue } from '../../../catalogue/__fixtures__/catalogue.ts';
import { Logo, ProductArt } from '../../components/art/index.ts';
import { signIn, testShopPerFile } from '../../lib/test-shop.testing.tsx';
import { OrderHistoryPage } from './index.ts';
import { setCatalogue } from '../../state/catalogue.testing.ts';

const shop = testShopPerFile();
const password = 'orders-password-1';
let n = 0;

interface Line {
  session: string;
  line: number;
  name: string;
  key: string;
  color: string;
  quantity: number;
  price: string;
  at: string;
}

/** Records order rows as the server's fulfilment does (browsers cannot insert orders). */
async function recordOrders(userId: string, lines: Line[]) {
  for (const l of lines) {
    await shop.server.query(
      `INSERT INTO public.orders (user_id, product_name, selected_color, quantity, price, created_at,
         checkout_session_id, line_number, product_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [userId, l.name, l.color, l.quantity, l.price, l.at, l.session, l.line, l.key],
    );
  }
}

async function shopper() {
  const email = `orders-${++n}@example.com`;
  const userId = await shop.createAccount(email, password);
  const store = shop.newStore();
  await signIn(store, email, password);
  return { store, userId };
}

const ordersList = () => screen.getByRole('list', { name: 'Orders' });

// The fixture's catalogue, as if the shop had answered.
beforeEach(() => setCatalogue());

describe('Order History', () => {
  it('asks a signed-out visitor to log in', () => {
    shop.renderPage(<OrderHistoryPage />, shop.newStore());
    expect(screen.getByRole('heading', { level: 1, name: 'Order History' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Log in' });
    expect(link.getAttribute('href')).toBe('#/login');
  });

  it('shows a loading state, then "You have no past orders." for a new shopper', async () => {
    const { store } = await shopper();
    const release = shop.hold(/\/rest\/v1\/rpc\/order_history/);
    shop.renderPage(<OrderHistoryPage />, store);
    expect(await screen.findByText('Loading your orders…')).toBeTruthy();
    release();
    expect(await screen.findByText('You have no past orders.')).toBeTruthy();
    expect(shop.requests).toContain('POST /rest/v1/rpc/order_history');
    // One page was enough: nothing more to offer or announce.
    expect(screen.queryByRole('button', { name: 'Show more orders' })).toBeNull();
  });

  it('groups the lines by checkout, newest first, with date, total, picture, colour, quantity and price', async () => {
    const { store, userId } = await shopper();
    const { userId: someoneElse } = await shopper();
    const pro = fixtureCatalogue.byName('Mechanical Keyboard Pro')!;
    const blue = fixtureCatalogue.byName('Blue Switch')!;
    await recordOrders(userId, [
      {
        session: 'cs_old',
        line: 0,
        name: pro.name,
        key: pro.key,
        color: 'White',
        quantity: 1,
        price: '120.00',
        at: '2026-11-01T09:00:00Z',
      },
      {
        session: 'cs_new',
        line: 0,
        name: blue.name,
        key: blue.key,
        color: blue.selectedColor,
        quantity: 3,
        price: '0.75',
        at: '2026-11-20T12:00:00Z',
      },
      {
        session: 'cs_new',
        line: 1,
        name: 'Retired Board',
        key: 'keyboards:9999',
        color: 'Grey',
        quantity: 1,
        price: '49.50',
        at: '2026-11-20T12:00:00Z',
      },
    ]);
    await recordOrders(someoneElse, [
      {
        session: 'cs_other',
        line: 0,
        name: pro.name,
        key: pro.key,
        color: 'Red',
        quantity: 9,
        price: '120.00',
        at: '2026-11-21T09:00:00Z',
      },
    ]);

    shop.renderPage(<OrderHistoryPage />, store);
    await waitFor(() => expect(ordersList()).toBeTruthy());
    const groups = within(ordersList())
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === ordersList());
    expect(groups).toHaveLength(2);
    const [newest, oldest] = groups as [HTMLElement, HTMLElement];

    expect(newest.querySelector('time')?.getAttribute('datetime')).toMatch(/^2026-11-20/);
    expect(within(newest).getByRole('heading', { level: 2 }).textContent).toMatch(/Nov 20, 2026/);
    expect(newest.textContent).toContain('Total: $51.75'); // 3 × $0.75 + $49.50
    const lines = within(newest).getAllByRole('listitem');
    expect(lines.map((l) => within(l).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Blue Switch',
      'Retired Board',
    ]);
    expect(lines[0]!.textContent).toContain(`Colour: ${blue.selectedColor}`);
    expect(lines[0]!.textContent).toContain('Quantity: 3');
    expect(lines[0]!.textContent).toContain('Unit price: $0.75');
    // The catalogue's drawing for a known product, the logo for one the catalogue no longer has.
    expect(lines[0]!.querySelector('.order-line__thumb')!.innerHTML).toBe(
      renderToStaticMarkup(<ProductArt product={blue} color={blue.selectedColor} decorative />),
    );
    expect(lines[1]!.querySelector('.order-line__thumb')!.innerHTML).toBe(
      renderToStaticMarkup(<Logo decorative />),
    );

    expect(oldest.textContent).toContain('Total: $120.00');
    expect(oldest.textContent).toContain('Colour: White');
    expect(oldest.querySelector('.order-line__thumb')!.innerHTML).toBe(
      renderToStaticMarkup(<ProductArt product={pro} color="White" decorative />),
    );
    // Someone else's order never shows.
    expect(screen.queryByText('Quantity: 9')).toBeNull();
    expect(document.body.textContent).not.toContain('Red');
  });

  it('logs a failed fetch and offers to try again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { store } = await shopper();
    shop.failNext(/\/rest\/v1\/rpc\/order_history/, () =>
      Response.json(
        { code: 'XX000', details: null, hint: null, message: 'database unavailable' },
        { status: 500 },
      ),
    );
    shop.renderPage(<OrderHistoryPage />, store);

    expect((await screen.findByText('Your orders could not be loaded.')).getAttribute('role')).toBe(
      'alert',
    );
    expect(logged).toHaveBeenCalledWith(
      'Error fetching orders:',
      expect.objectContaining({ message: 'database unavailable' }),
    );
    logged.mockRestore();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have no past orders.')).toBeTruthy();
    expect(screen.queryByText('Your orders could not be loaded.')).toBeNull();
  });

  it('drops the orders from the page when the shopper logs out', async () => {
    const { store, userId } = await shopper();
    const pro = fixtureCatalogue.byName('Mechanical Keyboard Pro')!;
    await recordOrders(userId, [
      {
        session: 'cs_1',
        line: 0,
        name: pro.name,
        key: pro.key,
        color: 'Black',
        quantity: 1,
        price: '120.00',
        at: '2026-11-20T10:00:00Z',
      },
    ]);
    shop.renderPage(<OrderHistoryPage />, store);
    expect(await screen.findByRole('heading', { level: 3, name: pro.name })).toBeTruthy();

    await store.signOut();
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Orders' })).toBeNull());
    expect(screen.queryByText(pro.name)).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
  });

  it('shows each order’s number, status and, once shipped, the carrier and tracking number', async () => {
    const { store, userId } = await shopper();
    const line = (session: string, at: string): Line => ({
      session,
      line: 0,
      name: 'Blue Switch',
      key: 'switches:1',
      color: 'Blue',
      quantity: 4,
      price: '0.75',
      at,
    });
    const sessions = ['paid', 'shipped', 'delivered', 'cancelled', 'refunded', 'partial'].map(
      (s) => `cs_status_${s}_${n}`,
    );
    await recordOrders(
      userId,
      sessions.map((s, i) => line(s, `2026-11-0${i + 1}T09:00:00Z`)),
    );
    const set = (session: string, sql: string) =>
      shop.server.query(`UPDATE public.shop_orders SET ${sql} WHERE checkout_session_id = $1`, [
        session,
      ]);
    await set(sessions[1]!, `status = 'shipped', carrier = 'UPS', tracking_number = '1Z999'`);
    await set(sessions[2]!, `status = 'delivered', carrier = 'DHL', tracking_number = 'JD0001'`);
    await set(sessions[3]!, `status = 'cancelled'`);
    await set(sessions[4]!, `status = 'refunded', refunded_cents = 300`);
    await set(sessions[5]!, `refunded_cents = 100`);
    const rows = await shop.server.query<{ s: string; n: string }>(
      `SELECT checkout_session_id AS s, order_number AS n FROM public.shop_orders
       WHERE checkout_session_id = ANY($1) ORDER BY created_at DESC`,
      [sessions],
    );

    shop.renderPage(<OrderHistoryPage />, store);
    await waitFor(() => expect(ordersList()).toBeTruthy());
    const facts = within(ordersList())
      .getAllByRole('listitem')
      .filter((item) => item.classList.contains('order'))
      .map((item) =>
        [...item.querySelectorAll('.order__facts dt')].map(
          (dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`,
        ),
      );
    const number = (i: number) => `Order: ${rows[i]?.n}`;
    expect(facts).toEqual([
      [number(0), 'Status: Partially refunded'],
      [number(1), 'Status: Refunded'],
      [number(2), 'Status: Cancelled'],
      [number(3), 'Status: Delivered', 'Shipped with DHL: Tracking number: JD0001'],
      [number(4), 'Status: Shipped', 'Shipped with UPS: Tracking number: 1Z999'],
      [number(5), 'Status: Paid'],
    ]);
    expect(rows.every((r) => /^KS-\d+$/.test(r.n))).toBe(true);
  });

  it('shows a code’s discount and the tax, added on top or inside the prices, with the total', async () => {
    const { store, userId } = await shopper();
    const line = (session: string, at: string): Line => ({
      session,
      line: 0,
      name: 'Mechanical Keyboard Pro',
      key: 'keyboards:1',
      color: 'Black',
      quantity: 1,
      price: '120.00',
      at,
    });
    const sessions = ['sales_tax', 'vat'].map((s) => `cs_tax_${s}_${n}`);
    await recordOrders(userId, [
      line(sessions[0]!, '2026-11-02T09:00:00Z'),
      line(sessions[1]!, '2026-11-01T09:00:00Z'),
    ]);
    await shop.server.query(
      `UPDATE public.shop_orders SET discount_code = 'SPRING-20', discount_cents = 2400,
         tax_cents = 696, tax_label = 'Sales tax 7.25%', total_cents = 12000 - 2400 + 696
       WHERE checkout_session_id = $1`,
      [sessions[0]],
    );
    await shop.server.query(
      `UPDATE public.shop_orders SET tax_cents = 1916, tax_inclusive = true, tax_label = 'VAT 19%'
       WHERE checkout_session_id = $1`,
      [sessions[1]],
    );

    shop.renderPage(<OrderHistoryPage />, store);
    await waitFor(() => expect(ordersList()).toBeTruthy());
    const orders = within(ordersList())
      .getAllByRole('listitem')
      .filter((item) => item.classList.contains('order'));
    const facts = orders.map((item) =>
      [...item.querySelectorAll('.order__facts dt')]
        .slice(2)
        .map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`),
    );
    expect(facts).toEqual([
      ['Discount (SPRING-20): \u2212$24.00', 'Tax (Sales tax 7.25%): $6.96'],
      ['Includes VAT 19%: $19.16'],
    ]);
    expect(orders[0]?.textContent).toContain('Total: $102.96');
    expect(orders[1]?.textContent).toContain('Total: $120.00');
  });

  it('says what an order waits for and when it ships; nothing for an in-stock order', async () => {
    const { store, userId } = await shopper();
    const line = (session: string, at: string): Line => ({
      session,
      line: 0,
      name: 'Mechanical Keyboard Pro',
      key: 'keyboards:1',
      color: 'Black',
      quantity: 1,
      price: '120.00',
      at,
    });
    const sessions = ['waits', 'stock'].map((s) => `cs_waits_${s}_${n}`);
    await recordOrders(userId, [
      line(sessions[0]!, '2026-11-02T09:00:00Z'),
      line(sessions[1]!, '2026-11-01T09:00:00Z'),
    ]);
    const waitsFor = [
      {
        productKey: 'accessories:213',
        name: 'Keyboard Stand',
        kind: 'pre_order',
        shipsFrom: '2027-01-09',
        shipsBy: '2027-02-06',
        endsAt: null,
      },
      {
        productKey: 'keyboards:115',
        name: 'Ergonomic Gaming Keyboard',
        kind: 'group_buy',
        shipsFrom: '2027-03-01',
        shipsBy: '2027-04-15',
        endsAt: '2026-12-22T12:00:00Z',
      },
    ];
    await shop.server.query(
      'UPDATE public.shop_orders SET waits_for = $2::jsonb WHERE checkout_session_id = $1',
      [sessions[0], JSON.stringify(waitsFor)],
    );

    shop.renderPage(<OrderHistoryPage />, store);
    await waitFor(() => expect(ordersList()).toBeTruthy());
    const [waiting, inStock] = within(ordersList())
      .getAllByRole('listitem')
      .filter((item) => item.classList.contains('order'));
    const notes = waiting!.querySelector('.waiting-notes');
    expect([...(notes?.querySelectorAll('li') ?? [])].map((li) => li.textContent)).toEqual([
      'Pre-order: Keyboard Stand ships between Jan 9, 2027 and Feb 6, 2027.',
      'Group buy: Ergonomic Gaming Keyboard — ends Dec 22, 2026; ships between Mar 1, 2027 and Apr 15, 2027 if it reaches its minimum.',
    ]);
    expect(notes?.querySelector('p')?.textContent).toBe(
      'This order ships when its last item is ready, by about Apr 15, 2027.',
    );
    expect(inStock!.querySelector('.waiting-notes')).toBeNull();
  });
});
