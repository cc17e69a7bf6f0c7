import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureCatalogue } from '../../../catalogue/__fixtures__/catalogue.ts';
import type { Product } from '../../../catalogue/index.ts';
import { SessionProvider } from '../../lib/session-react.tsx';
import { createSessionStore } from '../../lib/session.ts';
import { ratingsStore } from '../../state/ratings-store.ts';
import { ProductReviews } from './index.ts';

afterEach(() => ratingsStore.reset());

function product(name: string): Product {
  const found = fixtureCatalogue.byName(name);
  if (!found) throw new Error(`no product ${name}`);
  return found;
}

// Nobody is signed in and no session is stored: the clients are never needed.
function renderSignedOut(item: Product) {
  const store = createSessionStore({
    load: () => Promise.reject(new Error('no backend in this test')),
    hasStoredSession: () => false,
  });
  render(
    <SessionProvider store={store}>
      <ProductReviews product={item} />
    </SessionProvider>,
  );
  return screen.getByRole('region', { name: 'Reviews' });
}

describe('reviews section, signed out', () => {
  it.each([
    ['Mechanical Keyboard Pro', 'You must purchase this keyboard to leave a review'],
    ['Blue Switch', 'You must purchase this switch to leave a review'],
    ['Keyboard Wrist Rest', 'You must purchase this accessory to leave a review'],
  ])('on %s says "%s" and offers no rating input', (name, message) => {
    const section = renderSignedOut(product(name));
    expect(within(section).getByText(message, { exact: true })).toBeTruthy();
    expect(within(section).queryByRole('spinbutton')).toBeNull();
    expect(within(section).queryByRole('button')).toBeNull();
  });

  it('shows the average of the seed ratings to 1 decimal with the count', () => {
    const section = renderSignedOut(product('Mechanical Keyboard Pro')); // 5, 4, 5, 4
    expect(within(section).getByText('4.5 out of 5 (4 reviews)')).toBeTruthy();
  });

  it('says "No reviews yet" when nobody has rated the product, and counts one in the singular', () => {
    const tester = product('Switch Tester');
    const section = renderSignedOut({ ...tester, reviews: [] });
    expect(within(section).getByText('No reviews yet', { exact: true })).toBeTruthy();
    act(() => ratingsStore.set(tester.key, { count: 1, sum: 4 }));
    expect(within(section).getByText('4.0 out of 5 (1 review)')).toBeTruthy();
  });

  it('adds the stored ratings to the seed ones as soon as the store has them', () => {
    const pro = product('Mechanical Keyboard Pro');
    const section = renderSignedOut(pro);
    act(() => ratingsStore.set(pro.key, { count: 2, sum: 6.5 })); // (18 + 6.5) / 6 = 4.08
    expect(within(section).getByText('4.1 out of 5 (6 reviews)')).toBeTruthy();
  });
});
