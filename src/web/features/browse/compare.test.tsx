import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Category } from '../../../catalogue/index.ts';
import { installDialogPolyfill } from '../../components/dialog-polyfill.testing.ts';
import { ToastProvider } from '../../components/toast/index.ts';
import { compareStore } from '../../state/compare-store.ts';
import { ListPage } from './index.ts';
import { setCatalogue } from '../../state/catalogue.testing.ts';

beforeAll(installDialogPolyfill);
// The fixture's catalogue, as if the shop had answered.
beforeEach(() => setCatalogue());
beforeEach(() => {
  sessionStorage.clear();
  compareStore.reset();
});

function renderList(category: Category, hash: string) {
  window.history.replaceState(null, '', hash);
  const user = userEvent.setup();
  const view = render(
    <ToastProvider>
      <ListPage category={category} />
    </ToastProvider>,
  );
  return { user, ...view };
}

const toggle = (name: string) => screen.getByRole('button', { name: `Compare ${name}` });
const tray = () => screen.getByRole('region', { name: 'Products to compare' });

describe('compare selection on the list pages', () => {
  it('adds products to the tray, links to the compare page and removes them again', async () => {
    const { user } = renderList('switches', '#/switches');
    expect(screen.queryByRole('region', { name: 'Products to compare' })).toBeNull();

    await user.click(toggle('Red Switch'));
    expect(toggle('Red Switch').getAttribute('aria-pressed')).toBe('true');
    expect(within(tray()).getByText('Comparing 1 of 4')).toBeTruthy();
    expect(within(tray()).getByText('Choose at least two products to compare.')).toBeTruthy();

    await user.click(toggle('Blue Switch'));
    const link = within(tray()).getByRole('link', { name: 'Compare now' });
    expect(link.getAttribute('href')).toBe('#/compare?items=switches:9,switches:205');

    await user.click(
      within(tray()).getByRole('button', { name: 'Remove Red Switch from comparison' }),
    );
    expect(toggle('Red Switch').getAttribute('aria-pressed')).toBe('false');
    expect(within(tray()).getByText('Comparing 1 of 4')).toBeTruthy();
  });

  it('takes at most four and says so when a fifth is added', async () => {
    const { user } = renderList('switches', '#/switches');
    for (const name of ['Red Switch', 'Blue Switch', 'Black Switch', 'Brown Switch'])
      await user.click(toggle(name));
    expect(within(tray()).getByText('Comparing 4 of 4')).toBeTruthy();

    await user.click(toggle('Clear Switch'));
    expect(toggle('Clear Switch').getAttribute('aria-pressed')).toBe('false');
    expect(within(tray()).getAllByRole('listitem')).toHaveLength(4);
    expect(
      await screen.findByText(/You can compare up to 4 products at once\. Remove one/),
    ).toBeTruthy();
  });

  it('refuses a product of another kind and explains why', async () => {
    const first = renderList('switches', '#/switches');
    await first.user.click(toggle('Red Switch'));
    first.unmount();

    const { user } = renderList('keyboards', '#/keyboard');
    // The selection follows the shopper from page to page.
    expect(within(tray()).getByText('Red Switch')).toBeTruthy();
    await user.click(toggle('Wireless Keyboard'));
    expect(toggle('Wireless Keyboard').getAttribute('aria-pressed')).toBe('false');
    expect(
      await screen.findByText(
        /Wireless Keyboard cannot join this comparison: it holds switches, and only products of one kind/,
      ),
    ).toBeTruthy();
    expect(within(tray()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('offers the toggle in the product dialog too', async () => {
    const { user } = renderList('switches', '#/switches?q=teal');
    await user.click(screen.getByRole('button', { name: 'Teal Switch' }));
    const dialog = screen.getByRole('dialog', { name: 'Teal Switch' });
    await user.click(within(dialog).getByRole('button', { name: 'Compare Teal Switch' }));
    expect(compareStore.getSnapshot()).toEqual(['switches:206']);
  });
});
