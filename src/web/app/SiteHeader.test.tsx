import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { keyboards, productKey } from '../../catalogue/index.ts';
import { cartStore } from '../features/cart/index.ts';
import { App } from './App.tsx';

const [first, second] = keyboards;

afterEach(() => {
  act(() => cartStore.clear());
});

async function renderHome() {
  window.history.replaceState(null, '', '#/home');
  render(<App />);
  await screen.findByRole('heading', { level: 1, name: 'Find Your Perfect Gaming Keyboard' });
  return screen.getByRole('navigation', { name: 'Main' });
}

describe('the Cart link', () => {
  it('is named just "Cart", without a badge, while the cart is empty', async () => {
    const nav = await renderHome();
    const cart = within(nav).getByRole('link', { name: 'Cart' });
    expect(cart.textContent).toBe('Cart');
  });

  it('shows the item count as a badge and in its name', async () => {
    const nav = await renderHome();
    act(() => cartStore.add(productKey('keyboards', first!.id), first!.selectedColor));
    const cart = within(nav).getByRole('link', { name: 'Cart, 1 item' });
    expect(cart.textContent).toBe('Cart1');

    act(() => {
      cartStore.add(productKey('keyboards', first!.id), first!.selectedColor);
      cartStore.add(productKey('keyboards', second!.id), second!.selectedColor);
    });
    expect(within(nav).getByRole('link', { name: 'Cart, 3 items' }).textContent).toBe('Cart3');
  });

  it('counts a cart stored by an earlier visit', async () => {
    const line = {
      key: productKey('keyboards', first!.id),
      color: first!.selectedColor,
      quantity: 2,
    };
    localStorage.setItem('keebshop.cart.v1', JSON.stringify({ version: 1, lines: [line] }));
    act(() => cartStore.reload());
    const nav = await renderHome();
    expect(within(nav).getByRole('link', { name: 'Cart, 2 items' }).getAttribute('href')).toBe(
      '#/cart',
    );
  });
});
