// The reviews section and the cards against the REAL server (the production app over a fresh
// PGlite in a child process, see src/web/lib/test-shop.testing.tsx), through the browser's own
// clients. Only failures the server cannot be asked for are stubbed, at the fetch boundary.
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fixtureCatalogue } from '../../catalogue/__fixtures__/catalogue.ts';
import { formatRating, type Product } from '../../catalogue/index.ts';
import type { SessionStore } from '../lib/session.ts';
import { signIn, startTestShop, type TestShop } from '../lib/test-shop.testing.tsx';
import { ProductReviews } from '../features/reviews/index.ts';
import { setCatalogue } from '../state/catalogue.testing.ts';
import { ratingsStore } from '../state/ratings-store.ts';
import { KeyboardsPage } from './catalogue-pages.tsx';

// Real requests to a real server on two shared cores: allow for a busy machine.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

function product(name: string): Product {
  const found = fixtureCatalogue.byName(name);
  if (!found) throw new Error(`no product ${name}`);
  return found;
}

const PRO = product('Mechanical Keyboard Pro'); // seeds 5, 4, 5, 4
const BLUE = product('Blue Switch');
const password = 'reviews-password-1';

let shop: TestShop;
let n = 0;

beforeAll(async () => {
  shop = await startTestShop();
}, 60_000);
afterAll(() => shop.close());
// The products as the fixture has them (the catalogue's own read is tested in state/): the cards
// show at once, before the ratings' answer.
beforeEach(() => setCatalogue());
afterEach(async () => {
  await shop.disposeStores();
  ratingsStore.reset();
});

/** A new account, signed in on a fresh page (session store and clients). */
async function shopper(): Promise<{ store: ReturnType<TestShop['newStore']>; userId: string }> {
  const email = `reviews-${++n}@example.com`;
  const userId = await shop.createAccount(email, password);
  const store = shop.newStore();
  await signIn(store, email, password);
  return { store, userId };
}

/** An order row as the server's fulfilment writes it (browsers cannot insert orders). */
async function recordOrder(userId: string, item: Product) {
  await shop.server.query(
    `INSERT INTO public.orders (user_id, product_name, selected_color, quantity, price,
       checkout_session_id, line_number, product_key)
     VALUES ($1, $2, $3, 1, $4, $5, 0, $6)`,
    [userId, item.name, item.selectedColor, item.price, `cs_test_reviews_${++n}`, item.key],
  );
}

async function buyer() {
  const shopperOf = await shopper();
  await recordOrder(shopperOf.userId, PRO);
  return shopperOf;
}

function renderReviews(item: Product, store: SessionStore) {
  const { unmount } = shop.renderPage(<ProductReviews product={item} />, store);
  const section = screen.getByRole('region', { name: 'Reviews' });
  return { section, unmount, user: userEvent.setup() };
}

describe('review form of a verified buyer', () => {
  it('has a number input "Your rating" from 1 to 5 in steps of 0.1 and a submit button', async () => {
    const { store } = await buyer();
    const { section } = renderReviews(PRO, store);
    const input = await within(section).findByRole('spinbutton', { name: 'Your rating' });
    expect(input.getAttribute('type')).toBe('number');
    expect(['min', 'max', 'step'].map((a) => input.getAttribute(a))).toEqual(['1', '5', '0.1']);
    expect(within(section).getByRole('button', { name: 'Submit Rating' })).toBeTruthy();
    expect(within(section).queryByText(/You must purchase/)).toBeNull();
    // docs/product.md, Calls to the server: the permission query selects product_name where user_id
    // and product_name match.
    expect(shop.requests).toContainEqual(
      expect.stringMatching(
        /^GET \/rest\/v1\/orders\?select=product_name&user_id=eq\.[0-9a-f-]{36}&product_name=eq\.Mechanical(\+|%20)Keyboard(\+|%20)Pro$/,
      ),
    );
  });

  it('alerts "Please enter a rating between 1 and 5" for anything else and saves nothing', async () => {
    const { store, userId } = await buyer();
    const { section, user } = renderReviews(PRO, store);
    const input = await within(section).findByRole('spinbutton', { name: 'Your rating' });
    const submit = within(section).getByRole('button', { name: 'Submit Rating' });
    for (const typed of ['', '0', '5.1', '4.55', '-2']) {
      await user.clear(input);
      if (typed) await user.type(input, typed);
      await user.click(submit);
      const alert = within(section).getByRole('alert');
      expect(alert.textContent, typed).toBe('Please enter a rating between 1 and 5');
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(input.getAttribute('aria-describedby')).toContain(alert.id);
    }
    expect(shop.requests.filter((r) => r.includes('rate_product'))).toEqual([]);
    const rows = await shop.server.query('SELECT 1 FROM public.reviews WHERE user_id = $1', [
      userId,
    ]);
    expect(rows).toEqual([]);
  });

  it('saves a rating, confirms it, and the average and count change at once', async () => {
    const { store } = await buyer();
    const { section, user } = renderReviews(PRO, store);
    expect(within(section).getByText('4.5 out of 5 (4 reviews)')).toBeTruthy();
    const input = await within(section).findByRole('spinbutton', { name: 'Your rating' });
    await user.type(input, '2');
    await user.click(within(section).getByRole('button', { name: 'Submit Rating' }));
    expect(await within(section).findByText('Thanks! Your rating of 2.0 is saved.')).toBeTruthy();
    expect(within(section).getByRole('status').textContent).toBe(
      'Thanks! Your rating of 2.0 is saved.',
    );
    // (5 + 4 + 5 + 4 + 2) / 5
    expect(within(section).getByText('4.0 out of 5 (5 reviews)')).toBeTruthy();
    expect(ratingsStore.get(PRO.key)).toEqual({ count: 1, sum: 2 });
  });

  it("starts from the buyer's earlier rating, and rating again replaces it", async () => {
    const { store, userId } = await buyer();
    const first = renderReviews(PRO, store);
    const input = await within(first.section).findByRole('spinbutton', { name: 'Your rating' });
    await first.user.type(input, '3.5');
    await first.user.click(within(first.section).getByRole('button', { name: 'Submit Rating' }));
    await within(first.section).findByText('Thanks! Your rating of 3.5 is saved.');
    first.unmount();
    await shop.disposeStores();

    // A later visit: a new page for the same shopper.
    const later = shop.newStore(store.storageKey);
    const again = renderReviews(PRO, later);
    const prefilled = await within(again.section).findByRole('spinbutton', {
      name: 'Your rating',
    });
    await waitFor(() => expect((prefilled as HTMLInputElement).value).toBe('3.5'));
    await again.user.clear(prefilled);
    await again.user.type(prefilled, '5');
    await again.user.click(within(again.section).getByRole('button', { name: 'Submit Rating' }));
    await within(again.section).findByText('Thanks! Your rating of 5.0 is saved.');
    const rows = await shop.server.query<{ rating: string }>(
      'SELECT rating::text AS rating FROM public.reviews WHERE user_id = $1',
      [userId],
    );
    expect(rows).toEqual([{ rating: '5' }]);
  });
});

describe('review permission (docs/product.md, Reviews)', () => {
  it('tells a signed-in shopper without an order for the product that they must purchase it', async () => {
    const { store } = await buyer(); // bought the keyboard, not the switch
    const { section } = renderReviews(BLUE, store);
    expect(
      await within(section).findByText('You must purchase this switch to leave a review'),
    ).toBeTruthy();
    expect(within(section).queryByRole('spinbutton')).toBeNull();
  });

  it('tells a shopper whose only order of it was cancelled that they must purchase it', async () => {
    const { store, userId } = await shopper();
    await recordOrder(userId, PRO);
    await shop.server.query(
      `UPDATE public.shop_orders SET status = 'cancelled', refunded_cents = total_cents
       WHERE user_id = $1`,
      [userId],
    );
    const { section } = renderReviews(PRO, store);
    expect(
      await within(section).findByText('You must purchase this keyboard to leave a review'),
    ).toBeTruthy();
    expect(within(section).queryByRole('spinbutton')).toBeNull();
    // The order row came back; the database's own rule said no.
    expect(shop.requests).toContainEqual(
      expect.stringMatching(/^POST \/rest\/v1\/rpc\/may_review$/),
    );
  });

  it('only logs a failed order fetch, and leaves permission off', async () => {
    const { store } = await buyer();
    shop.failNext(/^GET \/rest\/v1\/orders/, () =>
      Response.json({ message: 'boom' }, { status: 500 }),
    );
    // Expected here: spy on console.error ourselves (the setup file fails tests on any other).
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { section } = renderReviews(PRO, store);
    expect(
      await within(section).findByText('You must purchase this keyboard to leave a review'),
    ).toBeTruthy();
    expect(within(section).queryByRole('alert')).toBeNull();
    expect(logged).toHaveBeenCalledWith(
      'Could not check your orders for review permission:',
      expect.objectContaining({ message: 'boom' }),
    );
    logged.mockRestore();
  });
});

describe('cards on the list page', () => {
  function proCardRating() {
    const item = screen
      .getAllByRole('listitem')
      .find((li) => within(li).queryByRole('heading', { name: PRO.name }));
    if (!item) throw new Error('no card for the Pro');
    return item.querySelector('.product-card__rating')?.textContent;
  }

  function renderKeyboards(store: SessionStore) {
    window.history.replaceState(null, '', '#/keyboard');
    shop.renderPage(<KeyboardsPage />, store);
  }

  it("show the seed ratings first, then everybody's stored ones, in one request", async () => {
    const { store } = await buyer();
    const { db } = await store.backend();
    const saved = await db.rpc('rate_product', {
      product_key: PRO.key,
      product_name: PRO.name,
      rating: 1,
    });
    expect(saved.error).toBeNull();
    shop.requests.splice(0);

    renderKeyboards(shop.newStore()); // a visitor who is not signed in
    expect(proCardRating()).toBe('Rating: 4.5'); // the seeds, before the answer arrives
    // The seeds plus every rating stored so far (earlier tests of this file rated the Pro too).
    const [stored] = await shop.server.query<{ n: number; total: string }>(
      'SELECT count(*)::int AS n, sum(rating)::text AS total FROM public.reviews WHERE product_key = $1',
      [PRO.key],
    );
    const expected = formatRating((18 + Number(stored?.total)) / (4 + Number(stored?.n)));
    await waitFor(() => expect(proCardRating()).toBe(`Rating: ${expected}`));
    expect(shop.requests.filter((r) => r.includes('product_ratings'))).toEqual([
      'GET /rest/v1/product_ratings?select=product_key%2Crating_count%2Crating_sum&product_key=like.keyboards%3A*',
    ]);
  });

  it('keep the seed ratings when the ratings request fails, and only warn', async () => {
    shop.failNext(/^GET \/rest\/v1\/product_ratings/, () =>
      Response.json({ message: 'down' }, { status: 500 }),
    );
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderKeyboards(shop.newStore());
    await waitFor(() => expect(warned).toHaveBeenCalled());
    expect(warned.mock.calls[0]?.[0]).toBe(
      'Could not load the stored ratings; showing the catalogue ratings only:',
    );
    expect(proCardRating()).toBe('Rating: 4.5');
    warned.mockRestore();
  });
});
