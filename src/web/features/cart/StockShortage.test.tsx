import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { ToastProvider } from '../../components/toast/index.ts';
import { useHashPath } from '../../lib/hash-location.ts';
import { cartStore } from '../../state/cart-store.ts';
import { stockStore } from '../../state/stock-store.ts';
import { loadStock } from '../../state/stock.testing.ts';
import CartPage from './CartPage.tsx';
import { setCatalogue } from '../../state/catalogue.testing.ts';

afterEach(() => {
  stockStore.reset();
  cartStore.reload();
});

// The fixture's catalogue, as if the shop had answered.
beforeEach(() => setCatalogue());

describe('cart stock', () => {
  it('says which lines ask for more than is left, and how many are', async () => {
    cartStore.reload();
    cartStore.add('switches:205', 'Blue');
    cartStore.add('switches:10', 'Yellow');
    cartStore.setQuantity('switches:10', 'Yellow', 5);
    cartStore.add('switches:9', 'Red');
    await loadStock([
      { product_key: 'switches:205', color: 'Blue', available: 0 },
      { product_key: 'switches:10', color: 'Yellow', available: 3 },
      { product_key: 'switches:9', color: 'Red', available: 1 },
    ]);
    render(
      <Router hook={useHashPath}>
        <ToastProvider>
          <CartPage />
        </ToastProvider>
      </Router>,
    );
    expect(screen.getByText('Sold out: remove this item to check out.')).toBeTruthy();
    expect(screen.getByText('Only 3 left: lower the quantity to check out.')).toBeTruthy();
    // One Red Switch of one left: nothing to say.
    expect(screen.getAllByText(/to check out\.$/)).toHaveLength(2);
  });
});
