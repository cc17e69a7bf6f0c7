import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY } from '../../catalogue/cart.ts';
import { keyboards } from '../../catalogue/__fixtures__/catalogue.ts';
import { productKey } from '../../catalogue/index.ts';
import { cartStore } from '../state/cart-store.ts';
import { App } from './App.tsx';
import { CART_STORAGE_KEY as BADGE_STORAGE_KEY } from './use-cart-badge-count.ts';
import { setCatalogue } from '../state/catalogue.testing.ts';

const [first, second] = keyboards;
const firstKey = productKey('keyboards', first!.id);
const secondKey = productKey('keyboards', second!.id);

afterEach(() => {
  act(() => cartStore.clear());
});

async function renderAt(hash: string, h1: string) {
  window.history.replaceState(null, '', hash);
  render(<App />);
  // The first import of a lazy page compiles it, which can take a moment in jsdom.
  await screen.findByRole('heading', { level: 1, name: h1 }, { timeout: 5000 });
  return screen.getByRole('navigation', { name: 'Main' });
}

function storeCart(lines: { key: string; color: string; quantity: number }[]) {
  localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ version: 1, lines }));
  act(() => cartStore.reload());
}

// The fixture's catalogue, as if the shop had answered.
beforeEach(() => setCatalogue());

describe('the Cart link', () => {
  it('watches the key the cart store writes', () => {
    expect(BADGE_STORAGE_KEY).toBe(CART_STORAGE_KEY);
  });

  it('is named just "Cart", without a badge, while the cart is empty', async () => {
    const nav = await renderAt('#/home', 'Find Your Perfect Gaming Keyboard');
    expect(within(nav).getByRole('link', { name: 'Cart' }).textContent).toBe('Cart');
  });

  it('shows the item count as a badge and in its name as items are added', async () => {
    const nav = await renderAt('#/keyboard', 'Keyboards');
    act(() => cartStore.add(firstKey, first!.selectedColor));
    const cart = await within(nav).findByRole('link', { name: 'Cart, 1 item' });
    expect(cart.textContent).toBe('Cart1');

    act(() => {
      cartStore.add(firstKey, first!.selectedColor);
      cartStore.add(secondKey, second!.selectedColor);
    });
    // The badge may still be subscribing to the store it just loaded: wait for it, as a shopper would.
    const updated = await within(nav).findByRole('link', { name: 'Cart, 3 items' });
    expect(updated.textContent).toBe('Cart3');
  });

  it('counts a cart stored by an earlier visit, on home too', async () => {
    storeCart([{ key: firstKey, color: first!.selectedColor, quantity: 2 }]);
    const nav = await renderAt('#/home', 'Find Your Perfect Gaming Keyboard');
    const cart = await within(nav).findByRole('link', { name: 'Cart, 2 items' });
    expect(cart.getAttribute('href')).toBe('#/cart');
  });

  it('picks up a cart that another tab fills while home is open', async () => {
    const nav = await renderAt('#/home', 'Find Your Perfect Gaming Keyboard');
    storeCart([{ key: secondKey, color: second!.selectedColor, quantity: 1 }]);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));
    });
    expect(await within(nav).findByRole('link', { name: 'Cart, 1 item' })).toBeTruthy();
  });

  it('counts a line the shop no longer sells (the cart flags it), not one it cannot read', async () => {
    storeCart([
      { key: firstKey, color: first!.selectedColor, quantity: 1 },
      { key: 'keyboards:999999', color: 'Black', quantity: 5 },
      { key: 'keyboards:one', color: 'Black', quantity: 3 },
    ]);
    const nav = await renderAt('#/home', 'Find Your Perfect Gaming Keyboard');
    expect(await within(nav).findByRole('link', { name: 'Cart, 6 items' })).toBeTruthy();
  });
});
