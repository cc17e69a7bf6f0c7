import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { ToastProvider } from '../../components/toast/index.ts';
import { useHashPath } from '../../lib/hash-location.ts';
import CartPage from './CartPage.tsx';
import { cartStore } from '../../state/cart-store.ts';
import { CATALOGUE_FRESH_MS, catalogueStore } from '../../state/catalogue-store.ts';
import {
  fakeCatalogueData,
  rowsWith,
  setCatalogue,
  type CatalogueAnswer,
} from '../../state/catalogue.testing.ts';
import { sessionStore } from '../../lib/session-react.tsx';

beforeEach(() => {
  localStorage.clear();
  cartStore.reload();
  setCatalogue(); // the fixture's, as if the shop had answered
});
afterEach(() => vi.restoreAllMocks());

/**
 * Reads the catalogue through the store, answered with `rows`: as the app's session store's pages
 * would, so the store reads again through the same client when the tab is shown.
 */
async function readCatalogue(rows: CatalogueAnswer | (() => CatalogueAnswer)) {
  const data = fakeCatalogueData(typeof rows === 'function' ? rows : () => rows);
  vi.spyOn(sessionStore, 'publicData').mockImplementation(data.publicData);
  catalogueStore.reset();
  await catalogueStore.load(() => sessionStore.publicData());
  return data;
}

function renderCart(onCheckout?: () => void) {
  const user = userEvent.setup();
  const { unmount } = render(
    <Router hook={useHashPath}>
      <ToastProvider>
        <CartPage onCheckout={onCheckout} />
      </ToastProvider>
    </Router>,
  );
  return { user, unmount };
}

const lines = () =>
  within(screen.getByRole('list', { name: 'Cart items' })).getAllByRole('listitem');
const quantityOf = (line: HTMLElement) =>
  (within(line).getByRole('textbox', { name: /^Quantity of / }) as HTMLInputElement).value;
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
    for (const text of ['Mechanical Keyboard Pro', 'Colour: Black', '$120.00', '$240.00']) {
      expect(within(line).getByText(text)).toBeTruthy();
    }
    expect(quantityOf(line)).toBe('2');
    expect(
      within(line).getByRole('img', { name: 'Mechanical Keyboard Pro in Black' }),
    ).toBeTruthy();

    act(() => cartStore.add('keyboards:1', 'Red'));
    expect(lines()).toHaveLength(2);
    expect(within(lines()[1]!).getByText('Colour: Red')).toBeTruthy();
    expect(quantityOf(lines()[1]!)).toBe('1');
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
    expect(quantityOf(lines()[0]!)).toBe('3');
    expect(subtotal()).toBe('$7.50');
    expect((decrease as HTMLButtonElement).disabled).toBe(false);

    await user.click(decrease);
    await user.click(decrease);
    expect(quantityOf(lines()[0]!)).toBe('1');
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

  it('takes a typed quantity, shows the line total and updates the subtotal', async () => {
    const { user } = renderCart();
    act(() => cartStore.add('switches:8', 'Brown'));
    const field = screen.getByRole('textbox', { name: 'Quantity of Brown Switch (Brown)' });
    await user.clear(field);
    await user.type(field, '70');
    expect(cartStore.getSnapshot()[0]?.quantity).toBe(1);
    await user.keyboard('{Enter}');
    expect(cartStore.getSnapshot()).toEqual([{ key: 'switches:8', color: 'Brown', quantity: 70 }]);
    expect(within(lines()[0]!).getByText('Line total').nextElementSibling?.textContent).toBe(
      '$175.00',
    );
    expect(subtotal()).toBe('$175.00');
    expect(screen.getByText('70 items')).toBeTruthy();
  });

  it.each([
    ['', 'Enter a quantity from 1 to 999.'],
    ['0', 'The quantity must be at least 1.'],
    ['1000', 'The most you can order of one item is 999.'],
    ['2.5', 'Enter a whole number from 1 to 999.'],
    ['ten', 'Enter a whole number from 1 to 999.'],
  ])(
    'explains a bad quantity %j next to the field and leaves the cart alone',
    async (text, message) => {
      const { user } = renderCart();
      act(() => cartStore.add('switches:8', 'Brown', 4));
      const field = screen.getByRole('textbox', { name: 'Quantity of Brown Switch (Brown)' });
      await user.clear(field);
      if (text) await user.type(field, text);
      await user.tab();
      const alert = within(lines()[0]!).getByRole('alert');
      expect(alert.textContent).toBe(message);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(field.getAttribute('aria-describedby')).toBe(alert.id);
      expect(cartStore.getSnapshot()[0]?.quantity).toBe(4);
      expect(subtotal()).toBe('$10.00');
      // Fixing it clears the message and applies the quantity.
      await user.clear(field);
      await user.type(field, '6');
      expect(within(lines()[0]!).queryByRole('alert')).toBeNull();
      expect(field.getAttribute('aria-invalid')).toBe('false');
      await user.tab();
      expect(cartStore.getSnapshot()[0]?.quantity).toBe(6);
    },
  );

  it('says once that a stored line that cannot be read was removed', () => {
    localStorage.setItem(
      'keebshop.cart.v1',
      JSON.stringify({
        version: 1,
        lines: [
          { key: 'keyboards:one', color: 'Black', quantity: 1 },
          { key: 'switches:8', color: 'Brown', quantity: 2 },
        ],
      }),
    );
    cartStore.reload();
    const first = renderCart();
    expect(
      screen.getByText('1 item in your saved cart is no longer available and was removed.'),
    ).toBeTruthy();
    expect(lines()).toHaveLength(1);
    first.unmount();
    // The next visit, even after a reload, is quiet: the cleaned cart was saved.
    cartStore.reload();
    renderCart();
    expect(screen.queryByText(/no longer available/)).toBeNull();
    expect(lines()).toHaveLength(1);
  });

  it('says how many lines were dropped, also when none is left', () => {
    localStorage.setItem(
      'keebshop.cart.v1',
      JSON.stringify({
        version: 1,
        lines: [
          { key: 'keyboards:1', color: '', quantity: 1 },
          { key: 'switches:8', color: 'Brown', quantity: 0 },
        ],
      }),
    );
    cartStore.reload();
    renderCart();
    expect(
      screen.getByText('2 items in your saved cart are no longer available and were removed.'),
    ).toBeTruthy();
    expect(screen.getByText('Your cart is empty.')).toBeTruthy();
  });
});

describe('cart lines the shop no longer sells', () => {
  beforeEach(() => {
    cartStore.add('keyboards:1', 'Red', 2, { name: 'Mechanical Keyboard Pro', priceCents: 12000 });
    cartStore.add('switches:8', 'Brown', 4);
  });

  it('are flagged, with only Remove, and left out of the summary until removed', async () => {
    // Archived: the shop shares nothing of it any more; the line remembers the name it had.
    await readCatalogue(rowsWith('keyboards:1', { status: 'archived' }));
    const { user } = renderCart();
    const [gone, brown] = lines() as [HTMLElement, HTMLElement];
    expect(within(gone).getByRole('heading').textContent).toBe('Mechanical Keyboard Pro');
    expect(within(gone).getByText('Colour: Red')).toBeTruthy();
    expect(
      within(gone).getByText('No longer available: remove this item to check out.'),
    ).toBeTruthy();
    expect(within(gone).queryByRole('textbox')).toBeNull();
    expect(within(gone).queryByText('Line total')).toBeNull();
    expect(within(brown).queryByText(/no longer available/i)).toBeNull();
    expect(screen.getByText('4 items')).toBeTruthy();
    expect(subtotal()).toBe('$10.00');

    await user.click(screen.getByRole('button', { name: 'Remove Mechanical Keyboard Pro (Red)' }));
    expect(cartStore.getSnapshot()).toEqual([{ key: 'switches:8', color: 'Brown', quantity: 4 }]);
  });

  it('are named "Item no longer sold" when stored before lines remembered their product', async () => {
    cartStore.clear();
    cartStore.add('keyboards:1', 'Red', 2);
    await readCatalogue(rowsWith('keyboards:1', { status: 'archived' }));
    renderCart();
    expect(within(lines()[0]!).getByRole('heading').textContent).toBe('Item no longer sold');
  });

  it("flag a colour no longer offered, with the product's name", async () => {
    const variants = [{ color: 'Black', sku: 'KB-1-BLACK' }];
    await readCatalogue(rowsWith('keyboards:1', { variants }));
    renderCart();
    const gone = lines()[0]!;
    expect(within(gone).getByRole('heading').textContent).toBe('Mechanical Keyboard Pro');
    expect(
      within(gone).getByText('This colour is no longer available: remove this item to check out.'),
    ).toBeTruthy();
    expect(subtotal()).toBe('$10.00');
  });
});

describe('cart prices', () => {
  it('follow the catalogue: a price staff changed since the line was added shows, and says so, when the tab is shown again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      let rows = rowsWith('switches:8', {});
      const data = await readCatalogue(() => rows);
      cartStore.add('switches:8', 'Brown', 4, { name: 'Brown Switch', priceCents: 250 });
      renderCart();
      const line = lines()[0]!;
      expect(within(line).getByText('$2.50')).toBeTruthy();
      expect(subtotal()).toBe('$10.00');
      expect(within(line).queryByText(/price changed/)).toBeNull();

      rows = rowsWith('switches:8', { price_cents: 275 });
      vi.advanceTimersByTime(CATALOGUE_FRESH_MS);
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
      await waitFor(() => expect(subtotal()).toBe('$11.00'));
      expect(within(line).getByText('$2.75')).toBeTruthy();
      expect(within(line).getByText('Line total').nextElementSibling?.textContent).toBe('$11.00');
      expect(
        within(line).getByText(
          'The price changed since you added this: it was $2.50, it is now $2.75.',
        ),
      ).toBeTruthy();
      expect(data.reads()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
