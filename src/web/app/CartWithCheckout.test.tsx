import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBackend, renderWith, storeFor, type Answer } from '../lib/fake-backend.testing.tsx';
import { cartStore } from '../state/cart-store.ts';
import { CartWithCheckout } from './CartWithCheckout.tsx';
import { fixtureProducts } from '../../catalogue/__fixtures__/catalogue.ts';
import { createCatalogue } from '../../catalogue/index.ts';
import { setCatalogue } from '../state/catalogue.testing.ts';
import { availabilityStore } from '../state/availability-store.ts';
import { loadAvailability, preOrder } from '../state/availability.testing.ts';

// The one seam: jsdom cannot leave for the hosted page, so the checkout feature's redirect module
// is replaced (by its path; nothing else of the feature's insides is used here).
const goToCheckoutPage = vi.hoisted(() => vi.fn<(url: string) => void>());
vi.mock('../features/checkout/redirect.ts', () => ({ goToCheckoutPage }));

const SESSION = { id: 'cs_test_abc', url: 'http://127.0.0.1:12111/c/pay/cs_test_abc' };

beforeEach(() => {
  setCatalogue(); // the fixture's, as if the shop had answered
  cartStore.clear();
  cartStore.add('keyboards:1', 'Red');
  cartStore.add('keyboards:1', 'Red');
  cartStore.add('switches:10', 'Yellow');
  vi.mocked(goToCheckoutPage).mockReset();
});
afterEach(() => cartStore.clear());

async function clickCheckout(signedIn: boolean, answer: () => Answer | Promise<Answer>) {
  const { backend, calls } = fakeBackend({ signedIn, answer });
  renderWith(storeFor(backend), <CartWithCheckout />);
  await userEvent.click(await screen.findByRole('button', { name: 'Checkout' }));
  return calls;
}

async function alertText(): Promise<string | null> {
  return (await screen.findByRole('alert')).textContent;
}

describe('the Checkout button', () => {
  it('sends a shopper who is not logged in to the login page with the documented alert', async () => {
    window.location.hash = '#/cart';
    const calls = await clickCheckout(false, () => ({ status: 200, body: SESSION }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('Please log in to check out.'),
    );
    expect(window.location.hash).toBe('#/login?returnTo=%2Fcart');
    expect(calls).toEqual([]);
  });

  it('asks the checkout function for a session with the cart, and goes to its url', async () => {
    let release: (answer: Answer) => void = () => undefined;
    const calls = await clickCheckout(
      true,
      () => new Promise<Answer>((resolve) => (release = resolve)),
    );
    // Busy while the server works: one click, one session.
    const busy = await screen.findByRole('button', { name: 'Redirecting to checkout…' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      name: 'checkout',
      body: {
        items: [
          { key: 'keyboards:1', color: 'Red', quantity: 2, price: 120 },
          { key: 'switches:10', color: 'Yellow', quantity: 1, price: 2.5 },
        ],
      },
    });
    release({ status: 200, body: SESSION });
    await waitFor(() => expect(goToCheckoutPage).toHaveBeenCalledWith(SESSION.url));
    expect(cartStore.getSnapshot()).toHaveLength(2); // kept until the order is saved
  });

  it.each([
    [
      'a cart the server refuses',
      { status: 400, body: { error: 'invalid_cart', message: 'Unknown product: keyboards:999.' } },
      'Checkout Error: Unknown product: keyboards:999.',
    ],
    [
      'invalid data sent to Stripe',
      {
        status: 400,
        body: {
          error: 'stripe_invalid_request',
          type: 'StripeInvalidRequestError',
          message: "The Checkout Session's total amount due must be no more than $999,999.99.",
        },
      },
      "Checkout failed: Invalid data sent to Stripe. The Checkout Session's total amount due must be no more than $999,999.99.",
    ],
    [
      'any other provider error',
      { status: 502, body: { error: 'stripe_error', type: 'StripeAPIError', message: 'Boom' } },
      'Checkout failed: Boom',
    ],
    ['an answer without a session', { status: 200, body: {} }, 'Could not create Stripe session.'],
    [
      'a session without a usable url',
      { status: 200, body: { id: 'cs_test_abc', url: 'javascript:alert(1)' } },
      'Could not redirect to checkout: the checkout page address is missing',
    ],
    ['a network failure', new TypeError('Failed to fetch'), 'Checkout failed: Failed to fetch'],
  ])('shows the documented alert for %s and stays on the cart', async (_, answer, text) => {
    await clickCheckout(true, () => answer as Answer);
    await waitFor(async () => expect(await alertText()).toContain(text));
    expect(goToCheckoutPage).not.toHaveBeenCalled();
    // Ready for another try.
    expect(screen.getByRole('button', { name: 'Checkout' }).hasAttribute('disabled')).toBe(false);
  });

  it('sends a shopper whose session ended on the server to the login page', async () => {
    window.location.hash = '#/cart';
    await clickCheckout(true, () => ({
      status: 401,
      body: { error: 'not_signed_in', message: 'Please log in to check out.' },
    }));
    await waitFor(() => expect(window.location.hash).toBe('#/login?returnTo=%2Fcart'));
    expect(await alertText()).toContain('Please log in to check out.');
  });

  it('sends nothing while the cart holds a line the shop no longer sells', async () => {
    // keyboards:1 archived: the shop's catalogue no longer has it.
    setCatalogue(createCatalogue(fixtureProducts.filter((p) => p.key !== 'keyboards:1')));
    const calls = await clickCheckout(true, () => ({ status: 200, body: SESSION }));
    expect(screen.getByText('No longer available: remove this item to check out.')).toBeTruthy();
    await waitFor(async () =>
      expect(await alertText()).toContain(
        'Checkout Error: An item in your cart is no longer available. Remove it to check out.',
      ),
    );
    expect(calls).toEqual([]);

    // Removed, the rest goes to checkout.
    await userEvent.click(screen.getByRole('button', { name: 'Remove Item no longer sold (Red)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({
      items: [{ key: 'switches:10', color: 'Yellow', quantity: 1, price: 2.5 }],
    });
  });

  it('reports a redirect the browser refuses', async () => {
    vi.mocked(goToCheckoutPage).mockImplementation(() => {
      throw new Error('Navigation blocked');
    });
    await clickCheckout(true, () => ({ status: 200, body: SESSION }));
    await waitFor(async () =>
      expect(await alertText()).toContain('Could not redirect to checkout: Navigation blocked'),
    );
  });
});

describe('a cart mixing in-stock items with a pre-order', () => {
  // The Yellow Switch is a pre-order; the keyboard is in stock.
  beforeEach(() => loadAvailability([preOrder('switches:10')]));
  afterEach(() => availabilityStore.reset());

  async function tickAndCheckOut(answer: () => Answer) {
    const { backend, calls } = fakeBackend({ signedIn: true, answer });
    renderWith(storeFor(backend), <CartWithCheckout />);
    await userEvent.click(
      await screen.findByRole('checkbox', { name: /^Ship everything together/ }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    return calls;
  }

  it('sends the shopper’s consent to ship together with the items', async () => {
    const calls = await tickAndCheckOut(() => ({ status: 200, body: SESSION }));
    expect(calls[0]?.body).toEqual({
      items: [
        { key: 'keyboards:1', color: 'Red', quantity: 2, price: 120 },
        { key: 'switches:10', color: 'Yellow', quantity: 1, price: 2.5 },
      ],
      shipTogether: true,
    });
    await waitFor(() => expect(goToCheckoutPage).toHaveBeenCalledWith(SESSION.url));
  });

  it('shows the server’s refusal of a mixed cart as any refused cart', async () => {
    const message = 'This cart mixes items in stock with pre-orders: agree to ship them together.';
    await tickAndCheckOut(() => ({ status: 400, body: { error: 'invalid_cart', message } }));
    await waitFor(async () => expect(await alertText()).toContain(`Checkout Error: ${message}`));
  });
});

describe('coming back from the payment page with "Cancel"', () => {
  it('ends the cancelled checkout once, so its items are on sale again, and drops the query', async () => {
    window.location.hash = '#/cart?checkout=cancelled';
    const { backend, calls } = fakeBackend({
      signedIn: true,
      answer: () => ({ status: 200, body: { released: 5 } }),
    });
    renderWith(storeFor(backend), <CartWithCheckout />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ name: 'cancel-checkout', body: {} });
    expect(window.location.hash).toBe('#/cart');
    expect(await screen.findByRole('button', { name: 'Checkout' })).toBeTruthy();
  });

  it('asks nothing when the cart is opened any other way', async () => {
    window.location.hash = '#/cart';
    const { backend, calls } = fakeBackend({
      signedIn: true,
      answer: () => ({ status: 200, body: { released: 0 } }),
    });
    renderWith(storeFor(backend), <CartWithCheckout />);
    expect(await screen.findByRole('button', { name: 'Checkout' })).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
