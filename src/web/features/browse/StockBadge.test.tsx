import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installDialogPolyfill } from '../../components/dialog-polyfill.testing.ts';
import { ToastProvider } from '../../components/toast/index.ts';
import { cartStore, useCart } from '../../state/cart-store.ts';
import { stockStore } from '../../state/stock-store.ts';
import { loadStock } from '../../state/stock.testing.ts';
import type { Category } from '../../../catalogue/index.ts';
import { ListPage } from './index.ts';
import { setCatalogue } from '../../state/catalogue.testing.ts';

beforeAll(installDialogPolyfill);
// The fixture's catalogue, as if the shop had answered.
beforeEach(() => setCatalogue());
afterEach(() => {
  stockStore.reset();
  cartStore.reload();
});

function CartSize() {
  return <p>Lines: {useCart().length}</p>;
}

function renderList(hash: string, category: Category) {
  window.history.replaceState(null, '', hash);
  const user = userEvent.setup();
  render(
    <ToastProvider>
      <CartSize />
      <ListPage category={category} />
    </ToastProvider>,
  );
  return { user };
}

const card = (name: string) =>
  screen.getByRole('button', { name }).closest('article') as HTMLElement;

describe('stock on the list pages', () => {
  it('shows each card "In stock", "Only N left" or "Sold out" for its colour', async () => {
    await loadStock([
      { product_key: 'switches:205', color: 'Blue', available: 0 },
      { product_key: 'switches:10', color: 'Yellow', available: 3 },
      { product_key: 'switches:9', color: 'Red', available: 6 },
    ]);
    renderList('#/switch', 'switches');
    expect(within(card('Blue Switch')).getByText('Sold out')).toBeTruthy();
    expect(within(card('Yellow Switch')).getByText('Only 3 left')).toBeTruthy();
    expect(within(card('Red Switch')).getByText('In stock')).toBeTruthy();
    // Unknown: nothing said rather than a guess.
    expect(within(card('Teal Switch')).queryByText(/stock|left|Sold out/)).toBeNull();
  });

  it('disables Add to Cart as "Sold out" for a sold-out colour, and enables it for another', async () => {
    await loadStock([
      { product_key: 'keyboards:2', color: 'Green', available: 0 },
      { product_key: 'keyboards:2', color: 'Blue', available: 2 },
    ]);
    const { user } = renderList('#/keyboard', 'keyboards');
    await user.click(screen.getByRole('button', { name: 'Gaming Keyboard X' }));
    const dialog = screen.getByRole('dialog', { name: 'Gaming Keyboard X' });
    // Its default colour, Green, is sold out.
    const soldOut = within(dialog).getByRole('button', { name: 'Sold out' });
    expect((soldOut as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).queryByRole('button', { name: 'Add to Cart' })).toBeNull();
    await user.click(soldOut);
    expect(screen.getByText('Lines: 0')).toBeTruthy();

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Colour' }), 'Blue');
    expect(within(dialog).getByText('Only 2 left')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Add to Cart' }));
    expect(screen.getByText('Lines: 1')).toBeTruthy();
  });
});
