// Pre-orders and group buys on the list pages and in the dialog (product page the same:
// ProductDetails), docs/decisions/0051-pre-orders-and-group-buys.md.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDialogPolyfill } from '../../components/dialog-polyfill.testing.ts';
import { ToastProvider } from '../../components/toast/index.ts';
import { availabilityStore } from '../../state/availability-store.ts';
import { groupBuy, loadAvailability, preOrder } from '../../state/availability.testing.ts';
import { cartStore, useCart } from '../../state/cart-store.ts';
import { setCatalogue } from '../../state/catalogue.testing.ts';
import { stockStore } from '../../state/stock-store.ts';
import { loadStock } from '../../state/stock.testing.ts';
import { ListPage } from './index.ts';

beforeAll(installDialogPolyfill);
/** The shopper's clock (only Date is faked, timers stay real), the catalogue just read then. */
function at(now: string) {
  vi.setSystemTime(new Date(now));
  setCatalogue();
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // Ten days into the fixtures' group buy (Dec 1–22, 2026).
  at('2026-12-10T12:00:00Z');
  localStorage.clear();
  cartStore.reload();
});
afterEach(() => {
  stockStore.reset();
  availabilityStore.reset();
  vi.useRealTimers();
});

function CartSize() {
  return <p>Lines: {useCart().length}</p>;
}

async function renderSwitches(...availability: Parameters<typeof loadAvailability>[0]) {
  // No stock at all for them: a pre-order sells from its cap, not the stock.
  await loadStock([{ product_key: 'switches:10', color: 'Yellow', available: 0 }]);
  await loadAvailability(availability);
  window.history.replaceState(null, '', '#/switch');
  const user = userEvent.setup();
  render(
    <ToastProvider>
      <CartSize />
      <ListPage category="switches" />
    </ToastProvider>,
  );
  return user;
}

const card = (name: string) =>
  screen.getByRole('button', { name }).closest('article') as HTMLElement;

async function openYellow(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Yellow Switch' }));
  const dialog = screen.getByRole('dialog', { name: 'Yellow Switch' });
  const add = within(dialog).getByRole('button', { name: 'Add to Cart' }) as HTMLButtonElement;
  return { dialog, add };
}

describe('a pre-order', () => {
  it('shows its ship window instead of the stock, and sells whatever the stock says', async () => {
    const user = await renderSwitches(preOrder('switches:10'));
    const line = within(card('Yellow Switch')).getByText('Pre-order · ships Jan 9–Feb 6, 2027');
    expect(line.closest('p')?.textContent).toBe('Pre-order · ships Jan 9–Feb 6, 2027');
    expect(within(card('Yellow Switch')).queryByText('Sold out')).toBeNull();

    const { dialog, add } = await openYellow(user);
    expect(within(dialog).getByText('Pre-order · ships Jan 9–Feb 6, 2027')).toBeTruthy();
    expect(add.disabled).toBe(false);
    await user.click(add);
    expect(screen.getByText('Lines: 1')).toBeTruthy();
  });

  it('says how many are left of its cap, and refuses more than that', async () => {
    const user = await renderSwitches(
      preOrder('switches:10', { cap: 200, unitsPaid: 150, unitsHeld: 38 }),
    );
    expect(within(card('Yellow Switch')).getByText('12 left')).toBeTruthy();
    const { dialog } = await openYellow(user);
    expect(within(dialog).getByText('12 left')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Pack of 35' })).toBeNull();
  });

  it('sold out: Add to Cart keeps its name, disabled and described by why', async () => {
    const user = await renderSwitches(preOrder('switches:10', { cap: 50, unitsPaid: 50 }));
    expect(within(card('Yellow Switch')).getByText('Sold out')).toBeTruthy();
    const { add } = await openYellow(user);
    expect(add.disabled).toBe(true);
    expect(add.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(add.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Sold out',
    );
  });
});

describe('a group buy', () => {
  it('open: its end, progress to the minimum, days left and ship window', async () => {
    const user = await renderSwitches(groupBuy('switches:10', { unitsPaid: 12, unitsHeld: 2 }));
    expect(within(card('Yellow Switch')).getByText('Group buy · ends Dec 22, 2026')).toBeTruthy();
    expect(within(card('Yellow Switch')).getByText('12 days left')).toBeTruthy();

    const { dialog, add } = await openYellow(user);
    expect(within(dialog).getByText('Group buy · ends Dec 22, 2026')).toBeTruthy();
    const progress = within(dialog).getByRole('progressbar', { name: '12 of 30 joined' });
    expect([progress.getAttribute('value'), progress.getAttribute('max')]).toEqual(['12', '30']);
    expect(within(dialog).getByText('12 days left')).toBeTruthy();
    expect(within(dialog).getByText('If it reaches 30, ships Mar 1–Apr 15, 2027')).toBeTruthy();
    expect(add.disabled).toBe(false);
  });

  it('on its last day says "Ends today"', async () => {
    at('2026-12-22T08:00:00Z');
    await renderSwitches(groupBuy('switches:10'));
    expect(within(card('Yellow Switch')).getByText('Ends today')).toBeTruthy();
  });

  it.each([
    ['ended', '2026-12-23T12:00:00Z', 'Ended'],
    ['not started', '2026-11-20T12:00:00Z', 'Not started: opens Dec 1, 2026'],
  ])('%s: says so, and Add to Cart is disabled for that reason', async (_, now, text) => {
    at(now);
    const user = await renderSwitches(groupBuy('switches:10'));
    expect(within(card('Yellow Switch')).getByText(text)).toBeTruthy();
    const { add } = await openYellow(user);
    expect(add.disabled).toBe(true);
    expect(document.getElementById(add.getAttribute('aria-describedby')!)?.textContent).toBe(text);
    await user.click(add);
    expect(screen.getByText('Lines: 0')).toBeTruthy();
  });
});
