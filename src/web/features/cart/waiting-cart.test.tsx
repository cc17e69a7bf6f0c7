// A cart with pre-orders or group buys (docs/decisions/0051-pre-orders-and-group-buys.md): each
// line says when it ships; mixed with in-stock items, Checkout waits for the shopper's consent.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import type { ProductKey } from '../../../catalogue/index.ts';
import { ToastProvider } from '../../components/toast/index.ts';
import { useHashPath } from '../../lib/hash-location.ts';
import { sessionStore } from '../../lib/session-react.tsx';
import { availabilityStore } from '../../state/availability-store.ts';
import { availabilityData, groupBuy, preOrder } from '../../state/availability.testing.ts';
import { cartStore } from '../../state/cart-store.ts';
import { setCatalogue } from '../../state/catalogue.testing.ts';
import { stockStore } from '../../state/stock-store.ts';
import CartPage from './CartPage.tsx';

const WAITING = [
  preOrder('switches:10', { cap: 100, unitsPaid: 97 }),
  groupBuy('keyboards:2', { shipsBy: '2027-05-20' }),
];

beforeEach(() => {
  localStorage.clear();
  cartStore.reload();
  setCatalogue();
  // The cart reads stock and availability afresh when it opens: the shop answers these.
  vi.spyOn(sessionStore, 'publicData').mockImplementation(availabilityData(WAITING));
});
afterEach(() => {
  vi.restoreAllMocks();
  stockStore.reset();
  availabilityStore.reset();
});

function renderCart(...keys: [ProductKey, string, number][]) {
  for (const [key, color, quantity] of keys) cartStore.add(key, color, quantity);
  const onCheckout = vi.fn();
  render(
    <Router hook={useHashPath}>
      <ToastProvider>
        <CartPage onCheckout={onCheckout} />
      </ToastProvider>
    </Router>,
  );
  return { user: userEvent.setup(), onCheckout };
}

const line = (name: string) =>
  within(screen.getByRole('list', { name: 'Cart items' }))
    .getByRole('heading', { name })
    .closest('li') as HTMLElement;
const checkout = () => screen.getByRole('button', { name: 'Checkout' }) as HTMLButtonElement;

describe('a cart with pre-orders and group buys', () => {
  it('says when each waiting line ships, and the cap’s shortage', async () => {
    renderCart(['switches:10', 'Yellow', 5], ['keyboards:2', 'Green', 1]);
    expect(
      await within(line('Yellow Switch')).findByText('Pre-order: ships Jan 9–Feb 6, 2027'),
    ).toBeTruthy();
    expect(
      within(line('Yellow Switch')).getByText('Only 3 left: lower the quantity to check out.'),
    ).toBeTruthy();
    expect(
      within(line('Gaming Keyboard X')).getByText(
        'Group buy: ends Dec 22, 2026, ships Mar 1–May 20, 2027 if it reaches its minimum',
      ),
    ).toBeTruthy();
    // Only waiting lines: nothing to consent to.
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(checkout().disabled).toBe(false);
  });

  it('mixed with in-stock items, Checkout waits for the box, then sends shipTogether', async () => {
    const { user, onCheckout } = renderCart(
      ['keyboards:1', 'Black', 1],
      ['switches:10', 'Yellow', 1],
      ['keyboards:2', 'Green', 1],
    );
    const box = await screen.findByRole('checkbox', {
      name: 'Ship everything together when the last item is ready (by about May 20, 2027)',
    });
    expect(checkout().disabled).toBe(true);
    const reason = document.getElementById(checkout().getAttribute('aria-describedby')!);
    expect(reason?.textContent).toBe('To check out, agree to ship everything together.');

    await user.click(box);
    expect(checkout().disabled).toBe(false);
    expect(checkout().hasAttribute('aria-describedby')).toBe(false);
    await user.click(checkout());
    expect(onCheckout).toHaveBeenCalledWith(expect.anything(), { shipTogether: true });
  });

  it('an in-stock cart asks nothing and sends no consent', async () => {
    const { user, onCheckout } = renderCart(['keyboards:1', 'Black', 1]);
    await user.click(checkout());
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(onCheckout).toHaveBeenCalledWith(expect.anything(), { shipTogether: false });
  });
});
