import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDialogPolyfill } from '../../components/dialog-polyfill.testing.ts';
import { ToastProvider } from '../../components/toast/index.ts';
import type { Category } from '../../../catalogue/index.ts';
import { ListPage } from './index.ts';
import { fixtureRows } from '../../../catalogue/__fixtures__/catalogue.ts';
import { SessionProvider } from '../../lib/session-react.tsx';
import { createSessionStore } from '../../lib/session.ts';
import type { Backend } from '../../lib/supabase.ts';
import { catalogueStore } from '../../state/catalogue-store.ts';
import {
  fakeCatalogueData,
  setCatalogue,
  type CatalogueAnswer,
} from '../../state/catalogue.testing.ts';

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

/** The product names in the order the grid shows them. */
function shownNames(): string[] {
  const list = screen.queryByRole('list', { name: 'Products' });
  if (!list) return [];
  return within(list)
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent ?? '');
}

const count = () => screen.getByText(/^\d+ products?$/).textContent;
const searchBox = () => screen.getByRole('searchbox', { name: 'Search product' });

describe('list pages', () => {
  it('show each catalogue with its heading, intro and a card per product', () => {
    renderAt('#/keyboard');
    expect(screen.getByRole('heading', { level: 1, name: 'Keyboards' })).toBeTruthy();
    expect(searchBox().getAttribute('placeholder')).toBe('Search product...');
    expect(
      within(screen.getByRole('list', { name: 'Products' })).getAllByRole('listitem'),
    ).toHaveLength(19);
    expect(count()).toBe('19 products');
    // Default sort is by name.
    expect(shownNames().slice(0, 3)).toEqual([
      'Compact Gaming Keyboard',
      'Compact Keyboard',
      'Ergonomic Gaming Keyboard',
    ]);
  });

  it('show the card fields of docs/product.md, Product lists, per category', () => {
    renderAt('#/keyboard?q=Mechanical Keyboard Pro');
    const card = screen.getByRole('listitem');
    expect(within(card).getByRole('button', { name: 'Mechanical Keyboard Pro' })).toBeTruthy();
    for (const text of ['$120', 'Colour: Black', 'Connectivity: Wired', '4.5']) {
      expect(within(card).getByText(text)).toBeTruthy();
    }
  });

  it('show switch and accessory prices with 2 decimals, their type and rating', () => {
    renderAt('#/switches?q=brown', 'switches');
    const switchCard = screen.getByRole('listitem');
    for (const text of ['Brown Switch', '$2.50', 'Type: Tactile']) {
      expect(within(switchCard).getByText(text)).toBeTruthy();
    }
    expect(within(switchCard).getByText(/^\d\.\d$/)).toBeTruthy();
  });

  it('show accessories with price, type and rating', () => {
    renderAt('#/accessories?q=keycap', 'accessories');
    expect(screen.getByRole('heading', { level: 1, name: 'Accessories' })).toBeTruthy();
    const card = screen.getByRole('listitem');
    for (const text of ['Keycap Puller', '$5.00', 'Type: Cleaning']) {
      expect(within(card).getByText(text)).toBeTruthy();
    }
  });

  it('search ignores case and keeps it in the URL without adding history entries', async () => {
    const { user } = renderAt('#/keyboard');
    const before = window.history.length;
    await user.type(searchBox(), 'PRO');
    expect(shownNames()).toEqual([
      'Gaming Keyboard Pro',
      'Mechanical Gaming Keyboard Pro',
      'Mechanical Keyboard Pro',
    ]);
    expect(count()).toBe('3 products');
    expect(window.location.hash).toBe('#/keyboard?q=PRO');
    expect(window.history.length).toBe(before);
  });

  it('search matches regex characters literally', async () => {
    const { user } = renderAt('#/keyboard');
    await user.type(searchBox(), '.');
    expect(count()).toBe('0 products');
    await user.clear(searchBox());
    await user.type(searchBox(), '(');
    expect(count()).toBe('0 products');
    expect(screen.getByText('No products match your search.')).toBeTruthy();
  });

  it('search also matches the words of the specifications: "tactile" finds the tactile switches', async () => {
    const { user } = renderAt('#/switches', 'switches');
    await user.type(searchBox(), 'tactile');
    expect(count()).toBe('12 products');
    expect(screen.queryByText('No products match your search.')).toBeNull();
    expect(screen.getAllByText('Type: Tactile')).toHaveLength(12);
    expect(window.location.hash).toBe('#/switches?q=tactile');
  });

  it('search mixes words of the name and of the specifications', () => {
    renderAt('#/keyboard?q=gaming 65%');
    expect(shownNames()).toEqual(['Compact Gaming Keyboard']);
  });

  it('sorts by price both ways, ties by name, and keeps the order in the URL', async () => {
    const { user } = renderAt('#/keyboard');
    const sort = screen.getByRole('combobox', { name: 'Sort' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Sort by Name', 'Price: Low to High', 'Price: High to Low']);
    await user.selectOptions(sort, 'Price: Low to High');
    expect(shownNames().slice(0, 3)).toEqual([
      'Silent Keyboard',
      'Compact Keyboard',
      'Wireless Compact Keyboard',
    ]);
    expect(window.location.hash).toBe('#/keyboard?sort=price-asc');
    await user.selectOptions(sort, 'Price: High to Low');
    expect(shownNames().slice(0, 2)).toEqual([
      'Gaming Keyboard Elite',
      'Mechanical Gaming Keyboard Pro',
    ]);
    await user.selectOptions(sort, 'Sort by Name');
    expect(window.location.hash).toBe('#/keyboard');
  });

  it('filters with toggle chips', async () => {
    const { user } = renderAt('#/keyboard');
    const group = screen.getByRole('group', { name: 'Filter by connectivity' });
    const wireless = within(group).getByRole('button', { name: 'Wireless' });
    expect(wireless.getAttribute('aria-pressed')).toBe('false');
    await user.click(wireless);
    expect(wireless.getAttribute('aria-pressed')).toBe('true');
    expect(count()).toBe('8 products');
    expect(screen.queryAllByText('Connectivity: Wired')).toHaveLength(0);
    expect(window.location.hash).toBe('#/keyboard?connectivity=Wireless');
    await user.click(within(group).getByRole('button', { name: 'Wired' }));
    expect(count()).toBe('19 products');
    expect(window.location.hash).toBe('#/keyboard?connectivity=Wired&connectivity=Wireless');
  });

  it('shows an empty state whose button clears search and filters', async () => {
    const { user } = renderAt('#/switches?q=blue&type=Linear&sort=price-desc', 'switches');
    expect(screen.queryByRole('list', { name: 'Products' })).toBeNull();
    expect(screen.getByText('No products match your search.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect(count()).toBe('16 products');
    expect((searchBox() as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(searchBox());
    // The sort is not a filter: it stays.
    expect(window.location.hash).toBe('#/switches?sort=price-desc');
  });

  it('restores search, sort and filters from the URL, and follows it when it changes', async () => {
    renderAt('#/switches?q=switch&sort=price-desc&type=Linear', 'switches');
    expect((searchBox() as HTMLInputElement).value).toBe('switch');
    expect((screen.getByRole('combobox', { name: 'Sort' }) as HTMLSelectElement).value).toBe(
      'price-desc',
    );
    expect(screen.getByRole('button', { name: 'Linear' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(shownNames()).toEqual(['Yellow Switch', 'Red Switch', 'Black Switch']);

    // As when the user presses Back to an earlier query.
    act(() => {
      window.location.hash = '#/switches?type=Tactile';
    });
    // Twelve: the Blue Switch is clicky.
    await waitFor(() => expect(count()).toBe('12 products'));
    expect((searchBox() as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'Linear' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
  });
});

describe('list pages before the catalogue is read', () => {
  /** The keyboards page over a shop whose catalogue answers come from `answer`, unread so far. */
  function renderReading(answer: () => CatalogueAnswer | Promise<CatalogueAnswer>) {
    catalogueStore.reset();
    const data = fakeCatalogueData(answer);
    const session = createSessionStore({
      load: () => Promise.reject(new Error('no backend in this test')) as Promise<Backend>,
      loadPublic: data.publicData,
      hasStoredSession: () => false,
    });
    window.history.replaceState(null, '', '#/keyboard');
    render(
      <SessionProvider store={session}>
        <ToastProvider>
          <ListPage category="keyboards" />
        </ToastProvider>
      </SessionProvider>,
    );
    return { user: userEvent.setup(), reads: data.reads };
  }

  it('show their frame meanwhile: heading, lead and the loading line, then the products', async () => {
    let answer: (rows: CatalogueAnswer) => void = () => undefined;
    const { reads } = renderReading(() => new Promise((resolve) => (answer = resolve)));
    const heading = screen.getByRole('heading', { level: 1, name: 'Keyboards' });
    // As app/page-frames.tsx draws it: the heading and lead, then the loading line in its place.
    expect(heading.parentElement?.nextElementSibling?.textContent).toBe('Loading…');
    expect(screen.getByText('Loading…').getAttribute('role')).toBe('status');
    expect(screen.queryByRole('searchbox')).toBeNull();
    await waitFor(() => expect(reads()).toBe(1));

    act(() => answer(fixtureRows));
    expect(await screen.findByText('19 products')).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(searchBox()).toBeTruthy();
  });

  it('say so when the catalogue cannot be read, and "Try again" reads it again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let failing = true;
    const { user, reads } = renderReading(() => (failing ? new Error('offline') : fixtureRows));
    const message = await screen.findByText(
      'The products could not be loaded. Check your connection, then try again.',
    );
    expect(message.getAttribute('role')).toBe('alert');
    expect(screen.getByRole('heading', { level: 1, name: 'Keyboards' })).toBeTruthy();
    expect(warn).toHaveBeenCalledWith('Could not load the catalogue:', new Error('offline'));

    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('19 products')).toBeTruthy();
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
    expect(reads()).toBe(2);
    warn.mockRestore();
  });
});
