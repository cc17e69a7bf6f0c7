import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { catalogueStore } from '../../state/catalogue-store.ts';
import { setCatalogue } from '../../state/catalogue.testing.ts';
import { compareStore } from '../../state/compare-store.ts';
import { ComparePage } from './index.ts';

beforeEach(() => {
  sessionStorage.clear();
  compareStore.reset();
  setCatalogue(); // the fixture's, as if the shop had answered
});

function renderAt(hash: string) {
  window.history.replaceState(null, '', hash);
  const user = userEvent.setup();
  render(<ComparePage />);
  return { user };
}

const table = () => screen.getByRole('table', { name: /^Specifications of/ });
const rowHeaders = () =>
  within(table())
    .getAllByRole('rowheader')
    .map((h) => h.textContent);
const row = (label: RegExp) => within(table()).getByRole('row', { name: label });

describe('compare page', () => {
  it('shows the products of the URL side by side, marking rows that differ', () => {
    renderAt('#/compare?items=switches:9,switches:207');
    expect(screen.getByRole('heading', { level: 1, name: 'Compare' })).toBeTruthy();
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Red Switch×', 'Black Switch×']);
    // Both linear: the same, not marked. Forces differ: marked with a word, not only a colour.
    const type = row(/^Type/);
    expect(within(type).queryByText('Differs')).toBeNull();
    expect(
      within(type)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Linear', 'Linear']);
    const force = row(/^Actuation force/);
    expect(within(force).getByText('Differs')).toBeTruthy();
    expect(
      within(force)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['45 gf', '60 gf']);
    // The URL's selection becomes the tray's.
    expect(compareStore.getSnapshot()).toEqual(['switches:9', 'switches:207']);
  });

  it('shows only the differences when asked', async () => {
    const { user } = renderAt('#/compare?items=switches:9,switches:207');
    expect(rowHeaders()).toContain('Type');
    expect(screen.getByRole('status').textContent).toMatch(/^\d+ of \d+ specifications differ\.$/);
    await user.click(screen.getByRole('checkbox', { name: 'Show only differences' }));
    expect(rowHeaders()).not.toContain('Type');
    expect(rowHeaders().every((h) => h?.endsWith('Differs'))).toBe(true);
  });

  it('removes a product from the URL and the table', async () => {
    const { user } = renderAt('#/compare?items=switches:9,switches:207,switches:8');
    await user.click(screen.getByRole('button', { name: 'Remove Black Switch' }));
    expect(window.location.hash).toBe('#/compare?items=switches:9,switches:8');
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Red Switch×', 'Brown Switch×']);
    expect(compareStore.getSnapshot()).toEqual(['switches:9', 'switches:8']);
  });

  it('follows the URL when it changes (Back, a shared link)', async () => {
    renderAt('#/compare?items=keyboards:1,keyboards:4');
    expect(
      within(row(/^Battery/))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['—not given', '2,000 mAh']);
    act(() => {
      window.location.hash = '#/compare?items=accessories:208,accessories:219';
    });
    expect(await screen.findByRole('columnheader', { name: /Braided Cable Sleeve/ })).toBeTruthy();
  });

  it.each([
    ['#/compare', /Nothing to compare yet/],
    ['#/compare?items=', /Nothing to compare yet/],
    ['#/compare?items=switches:nine', /could not be read/],
    ['#/compare?items=switches:9,switches:999', /names a product we do not sell/],
    ['#/compare?items=switches:9,keyboards:1', /mixes different kinds of product/],
    [
      '#/compare?items=switches:8,switches:9,switches:10,switches:11,switches:12',
      /more than four products/,
    ],
  ])('explains what is wrong with %s and links to the lists', (hash, message) => {
    renderAt(hash);
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Browse products' });
    expect(within(nav).getByRole('link', { name: 'Switches' }).getAttribute('href')).toBe(
      '#/switches',
    );
    expect(compareStore.getSnapshot()).toEqual([]);
  });
});

describe('compare page before the catalogue is read', () => {
  it('keeps its title and shows the loading line, then the comparison', () => {
    catalogueStore.reset();
    renderAt('#/compare?items=switches:9,switches:207');
    expect(screen.getByRole('heading', { level: 1, name: 'Compare' })).toBeTruthy();
    expect(screen.getByText('Loading…').getAttribute('role')).toBe('status');
    expect(screen.queryByRole('table')).toBeNull();
    act(() => setCatalogue());
    expect(rowHeaders()[0]).toMatch(/^Price/);
  });
});
