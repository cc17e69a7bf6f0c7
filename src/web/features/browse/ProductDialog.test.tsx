// The product dialog offers only what can be bought (docs/product.md, Stock): packs and typed
// quantities within the units left, less those already in the cart, with the total price.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixtureProduct } from '../../../catalogue/__fixtures__/catalogue.ts';
import { formatPrice } from '../../../catalogue/index.ts';
import { installDialogPolyfill } from '../../components/dialog-polyfill.testing.ts';
import { ToastProvider } from '../../components/toast/index.ts';
import { cartStore } from '../../state/cart-store.ts';
import { stockStore } from '../../state/stock-store.ts';
import { loadStock } from '../../state/stock.testing.ts';
import { ListPage } from './index.ts';
import { setCatalogue } from '../../state/catalogue.testing.ts';

const BLUE = fixtureProduct('switches:205');

beforeAll(installDialogPolyfill);
// The fixture's catalogue, as if the shop had answered.
beforeEach(() => setCatalogue());
beforeEach(() => {
  localStorage.clear();
  cartStore.reload();
});
afterEach(() => stockStore.reset());

async function openBlueSwitch(available: number) {
  await loadStock([{ product_key: BLUE.key, color: 'Blue', available }]);
  window.history.replaceState(null, '', '#/switches');
  const user = userEvent.setup();
  render(
    <ToastProvider>
      <ListPage category="switches" />
    </ToastProvider>,
  );
  await user.click(screen.getByRole('button', { name: 'Blue Switch' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Blue Switch' }) };
}

const packs = (dialog: HTMLElement) =>
  (within(dialog).queryAllByRole('button', { name: /^Pack of/ }) as HTMLElement[]).map((b) =>
    b.getAttribute('aria-label'),
  );
const field = (dialog: HTMLElement) =>
  within(dialog).getByRole('textbox', { name: 'Quantity' }) as HTMLInputElement;
const add = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Add to Cart' });
const total = (dialog: HTMLElement) => within(dialog).getByText(/^Total:/).textContent;

describe('the product dialog within the stock', () => {
  it('offers only the packs that fit in 50 left, says so, and refuses a typed 60', async () => {
    const { user, dialog } = await openBlueSwitch(50);
    expect(packs(dialog)).toEqual(['Pack of 10', 'Pack of 35']);
    expect(within(dialog).getByText('Only 50 left')).toBeTruthy();
    expect(within(dialog).queryByText('In stock')).toBeNull();
    expect(total(dialog)).toBe(`Total: ${formatPrice(BLUE.priceCents)}`);

    await user.click(within(dialog).getByRole('button', { name: 'Pack of 35' }));
    expect(total(dialog)).toBe(`Total: ${formatPrice(BLUE.priceCents * 35)}`);

    await user.clear(field(dialog));
    await user.type(field(dialog), '60');
    expect(within(dialog).getByRole('alert').textContent).toBe('Only 50 left: enter 50 or fewer.');
    await user.click(add(dialog));
    expect(cartStore.getSnapshot()).toEqual([]);

    await user.clear(field(dialog));
    await user.type(field(dialog), '50');
    const more = within(dialog).getByRole('button', { name: 'Increase quantity' });
    expect((more as HTMLButtonElement).disabled).toBe(true);
    await user.click(add(dialog));
    expect(cartStore.getSnapshot()).toEqual([
      {
        key: BLUE.key,
        color: 'Blue',
        quantity: 50,
        seen: { name: BLUE.name, priceCents: BLUE.priceCents },
      },
    ]);
  });

  it('with only 3 left offers no pack and adds at most 3', async () => {
    const { user, dialog } = await openBlueSwitch(3);
    expect(packs(dialog)).toEqual([]);
    expect(within(dialog).getByText('Only 3 left')).toBeTruthy();
    const more = within(dialog).getByRole('button', { name: 'Increase quantity' });
    await user.click(more);
    await user.click(more);
    expect(field(dialog).value).toBe('3');
    expect((more as HTMLButtonElement).disabled).toBe(true);
    expect(total(dialog)).toBe(`Total: ${formatPrice(BLUE.priceCents * 3)}`);
    await user.click(add(dialog));
    expect(cartStore.getSnapshot()).toEqual([
      {
        key: BLUE.key,
        color: 'Blue',
        quantity: 3,
        seen: { name: BLUE.name, priceCents: BLUE.priceCents },
      },
    ]);
  });

  it('counts what the cart already holds', async () => {
    cartStore.add(BLUE.key, 'Blue', 40);
    const { user, dialog } = await openBlueSwitch(50);
    expect(packs(dialog)).toEqual(['Pack of 10']);
    expect(within(dialog).getByText('Only 50 left (40 in your cart)')).toBeTruthy();
    await user.clear(field(dialog));
    await user.type(field(dialog), '11');
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'You can add 10 more: your cart already holds 40.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Pack of 10' }));
    await user.click(add(dialog));
    expect(cartStore.getSnapshot()).toEqual([
      {
        key: BLUE.key,
        color: 'Blue',
        quantity: 50,
        seen: { name: BLUE.name, priceCents: BLUE.priceCents },
      },
    ]);
  });

  it('says when every unit left is in the cart, and adds nothing', async () => {
    cartStore.add(BLUE.key, 'Blue', 3);
    const { dialog } = await openBlueSwitch(3);
    expect(within(dialog).getByText('All 3 left are in your cart.')).toBeTruthy();
    expect((add(dialog) as HTMLButtonElement).disabled).toBe(true);
  });
});
