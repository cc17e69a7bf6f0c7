import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installDialogPolyfill } from '../components/dialog-polyfill.testing.ts';
import { ToastProvider } from '../components/toast/index.ts';
import { cartStore } from '../state/cart-store.ts';
import { KeyboardsPage, SwitchesPage } from './catalogue-pages.tsx';
import { setCatalogue } from '../state/catalogue.testing.ts';

beforeAll(installDialogPolyfill);
// The fixture's catalogue, as if the shop had answered.
beforeEach(() => setCatalogue());
beforeEach(() => {
  localStorage.clear();
  cartStore.reload();
});

function renderList(which: 'switches' | 'keyboard') {
  window.history.replaceState(null, '', `#/${which}`);
  const user = userEvent.setup();
  render(
    <ToastProvider>{which === 'switches' ? <SwitchesPage /> : <KeyboardsPage />}</ToastProvider>,
  );
  return user;
}

async function open(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('button', { name }));
  return screen.getByRole('dialog', { name });
}

// The toasts' polite live region (the list page has a status line of its own).
const toasts = () => document.querySelector('.toast-stack[role="status"]')?.textContent;

const field = (dialog: HTMLElement) =>
  within(dialog).getByRole('textbox', { name: 'Quantity' }) as HTMLInputElement;

describe('quantities in the product dialog', () => {
  it('offers switches in packs; a pack sets the quantity that Add to Cart adds', async () => {
    const user = renderList('switches');
    const dialog = await open(user, 'Blue Switch');
    const packs = within(within(dialog).getByRole('group', { name: 'Packs' })).getAllByRole(
      'button',
    );
    expect(packs.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Pack of 10',
      'Pack of 35',
      'Pack of 70',
      'Pack of 90',
      'Pack of 110',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Pack of 70' }));
    expect(field(dialog).value).toBe('70');
    expect(within(dialog).getByRole('button', { name: 'Pack of 70' }).ariaPressed).toBe('true');
    await user.click(within(dialog).getByRole('button', { name: 'Add to Cart' }));
    expect(cartStore.getSnapshot()).toEqual([
      {
        key: 'switches:205',
        color: 'Blue',
        quantity: 70,
        seen: { name: 'Blue Switch', priceCents: 300 },
      },
    ]);
    expect(toasts()).toBe('Added 70 × Blue Switch (Blue) to your cart');
  });

  it('adds a typed quantity, and + and − step it', async () => {
    const user = renderList('switches');
    const dialog = await open(user, 'Blue Switch');
    await user.clear(field(dialog));
    await user.type(field(dialog), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Increase quantity' }));
    expect(field(dialog).value).toBe('13');
    await user.click(within(dialog).getByRole('button', { name: 'Add to Cart' }));
    expect(cartStore.getSnapshot()[0]?.quantity).toBe(13);
  });

  it('refuses a bad quantity: says why, keeps the dialog open and adds nothing', async () => {
    const user = renderList('switches');
    const dialog = await open(user, 'Blue Switch');
    await user.clear(field(dialog));
    await user.type(field(dialog), '2.5');
    const alert = within(dialog).getByRole('alert');
    expect(alert.textContent).toBe('Enter a whole number from 1 to 999.');
    expect(field(dialog).getAttribute('aria-describedby')).toBe(alert.id);
    await user.click(within(dialog).getByRole('button', { name: 'Add to Cart' }));
    expect(screen.getByRole('dialog', { name: 'Blue Switch' })).toBe(dialog);
    expect(document.activeElement).toBe(field(dialog));
    expect(cartStore.getSnapshot()).toEqual([]);
  });

  it('offers no packs for a keyboard, and one added keeps the documented text', async () => {
    const user = renderList('keyboard');
    const dialog = await open(user, 'Mechanical Keyboard Pro');
    expect(within(dialog).queryByRole('group', { name: 'Packs' })).toBeNull();
    expect(field(dialog).value).toBe('1');
    await user.click(within(dialog).getByRole('button', { name: 'Add to Cart' }));
    expect(toasts()).toBe('Added Mechanical Keyboard Pro (Black) to your cart');
  });

  it('shows one "added" toast for a quick run of additions, the newest', async () => {
    const user = renderList('keyboard');
    for (const colour of ['Black', 'White', 'Red']) {
      const dialog = await open(user, 'Mechanical Keyboard Pro');
      await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Colour' }), colour);
      await user.click(within(dialog).getByRole('button', { name: 'Add to Cart' }));
    }
    expect(toasts()).toBe('Added Mechanical Keyboard Pro (Red) to your cart');
    expect(cartStore.getSnapshot()).toHaveLength(3);
  });
});
