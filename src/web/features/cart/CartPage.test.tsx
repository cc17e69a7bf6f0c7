import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { ToastProvider } from '../../components/toast/index.ts';
import { useHashPath } from '../../lib/hash-location.ts';
import CartPage from './CartPage.tsx';
import { cartStore } from '../../state/cart-store.ts';

beforeEach(() => cartStore.reload());

function renderCart(onCheckout?: () => void) {
  const user = userEvent.setup();
  render(
    <Router hook={useHashPath}>
      <ToastProvider>
        <CartPage onCheckout={onCheckout} />
      </ToastProvider>
    </Router>,
  );
  return { user };
}

const lines = () =>
  within(screen.getByRole('list', { name: 'Cart items' })).getAllByRole('listitem');
const subtotal = () => screen.getByText('Subtotal').nextElementSibling?.textContent;

describe('cart page', () => {
  it('says the cart is empty and offers a way back to the shop', () => {
    renderCart();
    expect(screen.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeTruthy();
    expect(screen.getByText('Your cart is empty.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Keep shopping' }).getAttribute('href')).toBe(
      '#/keyboard',
    );
    expect(screen.queryByRole('button', { name: 'Checkout' })).toBeNull();
  });

  it('adding the same product and colour twice gives one line of 2; another colour, a new line', () => {
    renderCart();
    act(() => {
      cartStore.add('keyboards:1', 'Black');
      cartStore.add('keyboards:1', 'Black');
    });
    expect(lines()).toHaveLength(1);
    const line = lines()[0]!;
    for (const text of ['Mechanical Keyboard Pro', 'Colour: Black', '$120.00', 'Quantity: 2']) {
      expect(within(line).getByText(text)).toBeTruthy();
    }
    expect(
      within(line).getByRole('img', { name: 'Mechanical Keyboard Pro in Black' }),
    ).toBeTruthy();

    act(() => cartStore.add('keyboards:1', 'Red'));
    expect(lines()).toHaveLength(2);
    expect(within(lines()[1]!).getByText('Colour: Red')).toBeTruthy();
    expect(within(lines()[1]!).getByText('Quantity: 1')).toBeTruthy();
    expect(subtotal()).toBe('$360.00');
  });

  it('keeps lines of products whose ids overlap across categories apart', () => {
    renderCart();
    act(() => {
      cartStore.add('switches:205', 'Blue');
      cartStore.add('accessories:205', 'Standard');
    });
    expect(lines().map((li) => within(li).getByRole('heading').textContent)).toEqual([
      'Blue Switch',
      'Keycap Puller',
    ]);
    expect(subtotal()).toBe('$8.00');
  });

  it('changes quantities with + and −, never below 1, and updates the subtotal', async () => {
    const { user } = renderCart();
    act(() => cartStore.add('switches:8', 'Brown'));
    const decrease = screen.getByRole('button', {
      name: 'Decrease quantity of Brown Switch (Brown)',
    });
    const increase = screen.getByRole('button', {
      name: 'Increase quantity of Brown Switch (Brown)',
    });
    expect((decrease as HTMLButtonElement).disabled).toBe(true);
    expect(subtotal()).toBe('$2.50');

    await user.click(increase);
    await user.click(increase);
    expect(screen.getByText('Quantity: 3')).toBeTruthy();
    expect(subtotal()).toBe('$7.50');
    expect((decrease as HTMLButtonElement).disabled).toBe(false);

    await user.click(decrease);
    await user.click(decrease);
    expect(screen.getByText('Quantity: 1')).toBeTruthy();
    expect((decrease as HTMLButtonElement).disabled).toBe(true);
    expect(subtotal()).toBe('$2.50');
  });

  it('removes a line, and the last removal shows the empty text', async () => {
    const { user } = renderCart();
    act(() => {
      cartStore.add('keyboards:2', 'Green');
      cartStore.add('keyboards:2', 'Blue');
    });
    const remove = screen.getByRole('button', { name: 'Remove Gaming Keyboard X (Green)' });
    expect(remove.textContent).toBe('Remove');
    await user.click(remove);
    expect(lines()).toHaveLength(1);
    expect(screen.queryByText('Colour: Green')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove Gaming Keyboard X (Blue)' }));
    expect(screen.getByText('Your cart is empty.')).toBeTruthy();
    expect(localStorage.getItem('keebshop.cart.v1')).toBeNull();
  });

  it('hands Checkout to the checkout feature when it supplies one', async () => {
    const onCheckout = vi.fn();
    const { user } = renderCart(onCheckout);
    act(() => cartStore.add('accessories:209', 'Standard'));
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(onCheckout).toHaveBeenCalledOnce();
  });

  it('says plainly that checkout is not available yet when nothing handles it', async () => {
    const { user } = renderCart();
    act(() => cartStore.add('accessories:209', 'Standard'));
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(
      screen.getByText('Checkout is not available yet. Your cart is saved on this device.'),
    ).toBeTruthy();
    expect(lines()).toHaveLength(1);
  });
});
