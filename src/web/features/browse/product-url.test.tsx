import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installDialogPolyfill } from '../../components/dialog-polyfill.testing.ts';
import { ToastProvider } from '../../components/toast/index.ts';
import { ListPage } from './index.ts';
import { setCatalogue } from '../../state/catalogue.testing.ts';

// docs/product.md, Shareable products: the open product is in the URL.
beforeAll(installDialogPolyfill);
// The fixture's catalogue, as if the shop had answered.
beforeEach(() => setCatalogue());

function renderAt(hash: string) {
  window.history.replaceState(null, '', hash);
  const user = userEvent.setup();
  render(
    <ToastProvider>
      <ListPage category="keyboards" />
    </ToastProvider>,
  );
  return { user };
}

const proDialog = () => screen.queryByRole('dialog', { name: 'Mechanical Keyboard Pro' });

describe('shareable products', () => {
  it('opening a card adds the product to the URL, keeping the list state; Back closes it', async () => {
    const { user } = renderAt('#/keyboard?q=pro&connectivity=Wired');
    const before = window.history.length;
    await user.click(screen.getByRole('button', { name: 'Mechanical Keyboard Pro' }));
    expect(proDialog()).toBeTruthy();
    expect(window.location.hash).toBe('#/keyboard?q=pro&connectivity=Wired&product=keyboards:1');
    expect(window.history.length).toBe(before + 1);

    act(() => window.history.back());
    await waitFor(() => expect(proDialog()).toBeNull());
    expect(window.location.hash).toBe('#/keyboard?q=pro&connectivity=Wired');
  });

  it('closing with X goes back to the list entry instead of leaving one behind', async () => {
    const { user } = renderAt('#/keyboard?sort=price-asc');
    await user.click(screen.getByRole('button', { name: 'Mechanical Keyboard Pro' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(proDialog()).toBeNull());
    expect(window.location.hash).toBe('#/keyboard?sort=price-asc');
    // Forward would reopen it: the entry is the one the card added, not a new one.
    act(() => window.history.forward());
    await waitFor(() => expect(proDialog()).toBeTruthy());
  });

  it('a shared link opens the dialog; Escape rewrites the URL to the list', async () => {
    const { user } = renderAt('#/keyboard?sort=price-desc&product=keyboards:1');
    expect(proDialog()).toBeTruthy();
    const before = window.history.length;
    await user.keyboard('{Escape}');
    await waitFor(() => expect(proDialog()).toBeNull());
    expect(window.location.hash).toBe('#/keyboard?sort=price-desc');
    expect(window.history.length).toBe(before);
    expect(screen.getByText('19 products')).toBeTruthy();
  });

  it('an unknown product says so and leads back to the list', async () => {
    const { user } = renderAt('#/keyboard?q=pro&product=keyboards:999');
    const dialog = screen.getByRole('dialog', { name: "We couldn't find that product." });
    expect(dialog).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back to the list' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.location.hash).toBe('#/keyboard?q=pro');
  });

  it('a product of another catalogue counts as unknown on this list', () => {
    renderAt('#/keyboard?product=switches:205');
    expect(screen.getByRole('dialog', { name: "We couldn't find that product." })).toBeTruthy();
  });
});
