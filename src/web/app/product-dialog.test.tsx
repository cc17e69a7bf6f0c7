import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixtureCatalogue } from '../../catalogue/__fixtures__/catalogue.ts';
import { installDialogPolyfill } from '../components/dialog-polyfill.testing.ts';
import { ToastProvider } from '../components/toast/index.ts';
import { cartStore, useCartCount } from '../state/cart-store.ts';
import { KeyboardsPage } from './catalogue-pages.tsx';
import { setCatalogue } from '../state/catalogue.testing.ts';

beforeAll(installDialogPolyfill);
// The fixture's catalogue, as if the shop had answered.
beforeEach(() => setCatalogue());
beforeEach(() => cartStore.reload());

function CartCount() {
  return <p>In cart: {useCartCount()}</p>;
}

async function openProDialog() {
  window.history.replaceState(null, '', '#/keyboard');
  const user = userEvent.setup();
  render(
    <ToastProvider>
      <CartCount />
      <KeyboardsPage />
    </ToastProvider>,
  );
  const card = screen.getByRole('button', { name: 'Mechanical Keyboard Pro' });
  await user.click(card);
  const dialog = screen.getByRole('dialog', { name: 'Mechanical Keyboard Pro' });
  return { user, card, dialog };
}

describe('product dialog', () => {
  it('opens from a card with the description, price, colour and reviews', async () => {
    const { dialog } = await openProDialog();
    const product = fixtureCatalogue.byName('Mechanical Keyboard Pro');
    expect(within(dialog).getByText(product!.description)).toBeTruthy();
    expect(within(dialog).getByText('$120')).toBeTruthy();
    const colour = within(dialog).getByRole('combobox', { name: 'Colour' }) as HTMLSelectElement;
    expect(colour.value).toBe('Black');
    expect(
      within(colour)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Black', 'White', 'Red']);
    expect(within(dialog).getByRole('heading', { level: 3, name: 'Reviews' })).toBeTruthy();
    expect(within(dialog).getByText('4.5 out of 5 (4 reviews)')).toBeTruthy();
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('changes the picture with the colour', async () => {
    const { user, dialog } = await openProDialog();
    expect(
      within(dialog).getByRole('img', { name: 'Mechanical Keyboard Pro in Black' }),
    ).toBeTruthy();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Colour' }), 'Red');
    expect(
      within(dialog).getByRole('img', { name: 'Mechanical Keyboard Pro in Red' }),
    ).toBeTruthy();
    expect(
      within(dialog).queryByRole('img', { name: 'Mechanical Keyboard Pro in Black' }),
    ).toBeNull();
  });

  it('closes with Close and returns focus to the card', async () => {
    const { user, card } = await openProDialog();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(card);
  });

  it('closes on Escape and returns focus to the card', async () => {
    const { user, card } = await openProDialog();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(card);
  });

  it('closes on a backdrop click', async () => {
    const { user, dialog } = await openProDialog();
    await user.click(within(dialog).getByText('4.5 out of 5 (4 reviews)'));
    expect(screen.getByRole('dialog')).toBe(dialog);
    await user.click(dialog);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('adds the chosen colour to the cart, closes, confirms with a toast and updates the count', async () => {
    const { user, card, dialog } = await openProDialog();
    expect(screen.getByText('In cart: 0')).toBeTruthy();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Colour' }), 'Red');
    await user.click(within(dialog).getByRole('button', { name: 'Add to Cart' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(card);
    expect(
      screen
        .getByText('Added Mechanical Keyboard Pro (Red) to your cart')
        .closest('[role="status"]'),
    ).toBeTruthy();
    expect(screen.getByText('In cart: 1')).toBeTruthy();
    expect(cartStore.getSnapshot()).toEqual([
      {
        key: 'keyboards:1',
        color: 'Red',
        quantity: 1,
        seen: { name: 'Mechanical Keyboard Pro', priceCents: 12000 },
      },
    ]);

    // Reopening starts again from the product's own colour.
    await user.click(card);
    expect((screen.getByRole('combobox', { name: 'Colour' }) as HTMLSelectElement).value).toBe(
      'Black',
    );
  });
});
