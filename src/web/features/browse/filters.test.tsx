import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Category } from '../../../catalogue/index.ts';
import { installDialogPolyfill } from '../../components/dialog-polyfill.testing.ts';
import { ToastProvider } from '../../components/toast/index.ts';
import { ListPage } from './index.ts';
import { setCatalogue } from '../../state/catalogue.testing.ts';

// docs/product.md, Filters: choices with counts, a price range and "Clear filters", in the URL.
beforeAll(installDialogPolyfill);
// The fixture's catalogue, as if the shop had answered.
beforeEach(() => setCatalogue());

function renderAt(hash: string, category: Category = 'keyboards') {
  window.history.replaceState(null, '', hash);
  const user = userEvent.setup();
  render(
    <ToastProvider>
      <ListPage category={category} />
    </ToastProvider>,
  );
  return { user };
}

const status = () => screen.getByText(/^\d+ products?$/).textContent;
const chip = (name: string) => screen.getByRole('button', { name });
const priceAlert = () => within(screen.getByRole('group', { name: 'Price' })).getByRole('alert');
const description = (el: HTMLElement) =>
  document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent;
const priceBox = (name: 'Min price ($)' | 'Max price ($)') =>
  screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('filters', () => {
  it('restore the price range and choices from the URL, with counts given the other filters', () => {
    renderAt('#/keyboard?connectivity=Wireless&price-max=100');
    expect(status()).toBe('5 products');
    expect(priceBox('Max price ($)').value).toBe('100');
    expect(chip('Wireless').getAttribute('aria-pressed')).toBe('true');
    // Counts ignore the chip group's own choice but keep the price: 6 boards cost $100 or less.
    expect(description(chip('Wireless'))).toBe('5 matching');
    expect(description(chip('Wired'))).toBe('1 matching');
    expect(description(chip('Bluetooth'))).toBe('5 matching');
    expect(description(chip('2.4 GHz'))).toBe('3 matching');
  });

  it('offer fieldsets of choices for the spec filters', () => {
    renderAt('#/keyboard');
    const size = screen.getByRole('group', { name: 'Size' });
    expect(
      within(size)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('value')),
    ).toEqual(['65%', 'TKL', 'Full', 'Split']);
    // Only the sizes some board has: no 60% or 75% choice that would match nothing.
    for (const box of screen.getAllByRole('checkbox')) {
      expect(description(box), box.getAttribute('value') ?? '').not.toBe('0 matching');
    }
    expect(description(within(size).getByRole('checkbox', { name: '65%' }))).toBe('3 matching');
    expect(
      within(screen.getByRole('group', { name: 'Hot-swap' })).getByRole('checkbox', {
        name: 'Soldered',
      }),
    ).toBeTruthy();
  });

  it('write each choice to the URL as a history entry, and Back undoes it', async () => {
    const { user } = renderAt('#/switches?q=switch', 'switches');
    const before = window.history.length;
    await user.click(screen.getByRole('checkbox', { name: '45–55 gf' }));
    expect(window.location.hash).toBe('#/switches?q=switch&force=45-55');
    expect(window.history.length).toBe(before + 1);
    expect((screen.getByRole('checkbox', { name: '45–55 gf' }) as HTMLInputElement).checked).toBe(
      true,
    );
    act(() => window.history.back());
    await waitFor(() => expect(window.location.hash).toBe('#/switches?q=switch'));
    await waitFor(() =>
      expect((screen.getByRole('checkbox', { name: '45–55 gf' }) as HTMLInputElement).checked).toBe(
        false,
      ),
    );
  });

  it('keep a valid price in the URL and explain an invalid one without applying it', async () => {
    const { user } = renderAt('#/keyboard');
    await user.type(priceBox('Min price ($)'), '150');
    expect(window.location.hash).toBe('#/keyboard?price-min=150');
    expect(status()).toBe('4 products');

    await user.type(priceBox('Max price ($)'), '1x');
    expect(priceAlert().textContent).toBe('Enter dollars, like 50 or 49.99.');
    expect(priceBox('Max price ($)').getAttribute('aria-invalid')).toBe('true');
    expect(window.location.hash).toBe('#/keyboard?price-min=150');

    await user.clear(priceBox('Max price ($)'));
    await user.type(priceBox('Max price ($)'), '100');
    expect(priceAlert().textContent).toBe('The minimum must not be more than the maximum.');
    expect(window.location.hash).toBe('#/keyboard?price-min=150');
    expect(status()).toBe('4 products');
  });

  it('clear every filter with one button, keeping the search and sort, and announce the count', async () => {
    const { user } = renderAt(
      '#/switches?q=switch&sort=price-asc&type=Linear&force=lt45&price-min=1&price-max=2',
      'switches',
    );
    await user.type(priceBox('Min price ($)'), 'x');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(window.location.hash).toBe('#/switches?q=switch&sort=price-asc');
    expect(status()).toBe('16 products');
    expect(priceBox('Min price ($)').value).toBe('');
    expect(within(screen.getByRole('group', { name: 'Price' })).queryByRole('alert')).toBeNull();
    expect(chip('Linear').getAttribute('aria-pressed')).toBe('false');
  });
});

describe('spec filters on the shop catalogue', () => {
  it('find a 65% hot-swap board, narrowing the other counts', async () => {
    const { user } = renderAt('#/keyboard');
    await user.click(screen.getByRole('checkbox', { name: '65%' }));
    await user.click(screen.getByRole('checkbox', { name: 'Hot-swap' }));
    expect(window.location.hash).toBe('#/keyboard?size=65%25&hotswap=hot-swap');
    expect(status()).toBe('3 products');
    expect(description(screen.getByRole('checkbox', { name: 'Soldered' }))).toBe('0 matching');
    expect(description(screen.getByRole('checkbox', { name: 'TKL' }))).toBe('6 matching');
  });
});

describe('the filter disclosure', () => {
  it('starts closed on a narrow screen and opens on demand', async () => {
    const narrow = (query: string) =>
      ({ matches: query.includes('max-width'), media: query }) as MediaQueryList;
    const saved = window.matchMedia;
    window.matchMedia = narrow;
    try {
      const { user } = renderAt('#/keyboard');
      expect(screen.queryByRole('group', { name: 'Size' })).toBeNull();
      await user.click(screen.getByText('Filters'));
      expect(screen.getByRole('group', { name: 'Size' })).toBeTruthy();
    } finally {
      window.matchMedia = saved;
    }
  });
});
