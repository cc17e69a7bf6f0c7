import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartStore } from '../../state/cart-store.ts';
import OrderConfirmationPage from './OrderConfirmationPage.tsx';
import {
  fakeBackend,
  held,
  renderWith,
  storeFor,
  type Answer,
  type FunctionCall,
} from '../../lib/fake-backend.testing.tsx';

const SESSION_ID = 'cs_test_a1b2c3';
const paid = { paymentStatus: 'paid', saved: 0, skipped: 0 };

beforeEach(() => {
  cartStore.clear();
  cartStore.add('keyboards:1', 'Black');
});
afterEach(() => {
  cartStore.clear();
  vi.useRealTimers();
});

function open(answer: (call: FunctionCall) => Answer | Promise<Answer>, signedIn = true) {
  window.location.hash = `#/orderSuccess?session_id=${SESSION_ID}`;
  const { backend, calls } = fakeBackend({ signedIn, answer });
  renderWith(storeFor(backend), <OrderConfirmationPage />);
  return calls;
}

// The page's own live region (the toast viewport has one too).
const status = () => {
  const found = screen.getAllByRole('status').find((el) => el.closest('.confirmation-card'));
  if (!found) throw new Error('no status message on the page');
  return found;
};

describe('Order Confirmation', () => {
  it('verifies, then saves, once per visit (StrictMode included), and empties the cart', async () => {
    const verify = held();
    const save = held();
    const calls = open((call) => (call.body.verify_only ? verify.answer : save.answer));
    expect(screen.getByRole('heading', { level: 1, name: 'Order Confirmation' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('#/');

    await waitFor(() =>
      expect(status().textContent).toBe('Retrieving order details from Stripe...'),
    );
    expect(status().getAttribute('aria-busy')).toBe('true');
    act(() => verify.release({ status: 200, body: { status: 'verified', ...paid } }));
    await waitFor(() =>
      expect(status().textContent).toBe('Order verified. Saving to your history...'),
    );
    expect(cartStore.getSnapshot()).toHaveLength(1);
    act(() => save.release({ status: 200, body: { status: 'saved', ...paid, saved: 1 } }));

    await waitFor(() =>
      expect(status().textContent).toBe(
        'Order successful! Your items have been saved to your order history.',
      ),
    );
    expect(status().getAttribute('aria-busy')).toBe('false');
    expect(calls.map((c) => c.body)).toEqual([
      { session_id: SESSION_ID, verify_only: true },
      { session_id: SESSION_ID },
    ]);
    expect(cartStore.getSnapshot()).toEqual([]);
  });

  it('shows the warning variant when the signed-in user is not the buyer', async () => {
    const warning = 'You are signed in as a different user than the one who started this checkout.';
    const save = held();
    open((call) =>
      call.body.verify_only
        ? { status: 200, body: { status: 'verified', ...paid, warning } }
        : save.answer,
    );
    await waitFor(() =>
      expect(status().textContent).toBe(
        'Order verified, with a user check warning. Saving to your history...',
      ),
    );
    expect(screen.getByText(warning)).toBeTruthy();
    act(() => save.release({ status: 200, body: { status: 'saved', ...paid, saved: 1, warning } }));
    await waitFor(() => expect(status().textContent).toMatch(/^Order successful!/));
  });

  it.each([
    [
      { status: 200, body: { status: 'not_paid', paymentStatus: 'unpaid', saved: 0, skipped: 0 } },
      'Session not found or payment not marked as paid (Status: unpaid). Please contact support if payment was made.',
    ],
    [
      { status: 200, body: { status: 'no_user', ...paid } },
      'Could not determine user ID for saving the order.',
    ],
    [
      { status: 200, body: { status: 'no_items', ...paid } },
      'No items found in the retrieved Stripe session details.',
    ],
    [
      {
        status: 502,
        body: {
          status: 'error',
          paymentStatus: null,
          saved: 0,
          skipped: 0,
          message: 'Connection refused',
        },
      },
      'Error processing order: Connection refused. Please contact support if payment was completed.',
    ],
    [
      { status: 401, body: { error: 'bad_jwt', message: 'invalid JWT' } },
      'Error processing order: invalid JWT. Please contact support if payment was completed.',
    ],
    [
      // A message with its own full stop still reads as one sentence.
      { status: 401, body: { error: 'bad_jwt', message: 'The token expired.' } },
      'Error processing order: The token expired. Please contact support if payment was completed.',
    ],
    [
      new TypeError('Failed to fetch'),
      'Error processing order: Failed to fetch. Please contact support if payment was completed.',
    ],
  ])(
    'ends a failed verification with the documented message %#, keeping the cart',
    async (answer, text) => {
      const calls = open(() => answer as Answer);
      await waitFor(() => expect(status().textContent).toBe(text));
      expect(calls).toHaveLength(1); // nothing is saved
      expect(cartStore.getSnapshot()).toHaveLength(1);
    },
  );

  it.each([
    [
      { status: 'partially_saved', ...paid, saved: 2, skipped: 1 },
      200,
      'Order successful! 2 items saved to your history. (1 items skipped due to data issues).',
      true,
    ],
    [
      { status: 'save_failed', ...paid, skipped: 0 },
      500,
      'Order successful, but failed to save some items to your order history. Please check your history later.',
      false,
    ],
  ])('ends a save with its own message for %j', async (outcome, httpStatus, text, cleared) => {
    open((call) =>
      call.body.verify_only
        ? { status: 200, body: { status: 'verified', ...paid } }
        : { status: httpStatus, body: outcome },
    );
    await waitFor(() => expect(status().textContent).toBe(text));
    expect(cartStore.getSnapshot()).toHaveLength(cleared ? 0 : 1);
  });

  it('without a session id says so and goes home after 3 seconds', async () => {
    vi.useFakeTimers();
    window.location.hash = '#/orderSuccess';
    const { backend, calls } = fakeBackend({ signedIn: true, answer: () => new Error('never') });
    renderWith(storeFor(backend), <OrderConfirmationPage />);
    expect(status().textContent).toBe('Error: Checkout session ID not found. Redirecting...');
    act(() => vi.advanceTimersByTime(2900));
    expect(window.location.hash).toBe('#/orderSuccess');
    act(() => vi.advanceTimersByTime(200));
    expect(window.location.hash).toBe('#/');
    expect(calls).toEqual([]);
  });

  it('shows the saved order: number, lines, shipping method, address and totals', async () => {
    const order = {
      number: 'KS-10042',
      status: 'paid',
      lines: [
        { name: 'Mechanical Keyboard Pro', color: 'White', quantity: 1, unitCents: 12000 },
        { name: 'Yellow Switch', color: 'Yellow', quantity: 2, unitCents: 250 },
      ],
      shippingMethod: 'Express',
      shippingName: 'Ada Buyer',
      shippingAddress: {
        line1: '1 Main St',
        line2: null,
        city: 'Springfield',
        state: 'IL',
        postal_code: '62701',
        country: 'US',
      },
      subtotalCents: 12500,
      shippingCents: 1999,
      totalCents: 14499,
    };
    open((call) =>
      call.body.verify_only
        ? { status: 200, body: { status: 'verified', ...paid } }
        : { status: 200, body: { status: 'saved', ...paid, saved: 2, order } },
    );
    await waitFor(() =>
      expect(status().textContent).toBe(
        'Order successful! Your items have been saved to your order history.',
      ),
    );
    const summary = screen.getByRole('region', { name: 'Order KS-10042' });
    expect(within(summary).getByRole('heading', { level: 2, name: 'Order KS-10042' })).toBeTruthy();
    const table = within(summary).getByRole('table', { name: 'Items' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Product', 'Colour', 'Quantity', 'Unit price', 'Line total'],
      ['Mechanical Keyboard Pro', 'White', '1', '$120.00', '$120.00'],
      ['Yellow Switch', 'Yellow', '2', '$2.50', '$5.00'],
    ]);
    const facts = [...summary.querySelectorAll('dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(facts).toEqual([
      ['Method', 'Express'],
      ['Ship to', 'Ada Buyer1 Main StSpringfield IL 62701US'],
      ['Subtotal', '$125.00'],
      ['Shipping', '$19.99'],
      ['Total', '$144.99'],
    ]);
    // No code and no tax: no rows for them.
    expect(summary.textContent).not.toMatch(/Discount|Tax|Includes/);
  });

  /** The totals the summary shows for `order`, as [term, amount] pairs. */
  async function totalsOf(order: Record<string, unknown>) {
    open((call) =>
      call.body.verify_only
        ? { status: 200, body: { status: 'verified', ...paid } }
        : { status: 200, body: { status: 'saved', ...paid, saved: 1, order } },
    );
    const summary = await screen.findByRole('region', { name: 'Order KS-10043' });
    const totals = summary.querySelector('.order-summary__totals');
    return [...(totals?.querySelectorAll('dt') ?? [])].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
  }

  const coded = {
    number: 'KS-10043',
    status: 'paid',
    lines: [{ name: 'Mechanical Keyboard Pro', color: 'White', quantity: 1, unitCents: 12000 }],
    shippingMethod: 'Standard',
    shippingName: null,
    shippingAddress: null,
    subtotalCents: 12000,
    shippingCents: 0,
    discountCode: 'SPRING-20',
    discountCents: 2400,
  };

  it('shows the code’s discount and sales tax added before the total', async () => {
    const order = {
      ...coded,
      taxCents: 696,
      taxInclusive: false,
      taxLabel: 'Sales tax 7.25%',
      totalCents: 12000 - 2400 + 696,
    };
    expect(await totalsOf(order)).toEqual([
      ['Subtotal', '$120.00'],
      ['Discount (SPRING-20)', '−$24.00'],
      ['Shipping', 'Free'],
      ['Tax (Sales tax 7.25%)', '$6.96'],
      ['Total', '$102.96'],
    ]);
  });

  it('says VAT inside the prices after the total, which already holds it', async () => {
    const order = {
      ...coded,
      taxCents: 1533,
      taxInclusive: true,
      taxLabel: 'VAT 19%',
      totalCents: 12000 - 2400,
    };
    expect(await totalsOf(order)).toEqual([
      ['Subtotal', '$120.00'],
      ['Discount (SPRING-20)', '−$24.00'],
      ['Shipping', 'Free'],
      ['Total', '$96.00'],
      ['Includes VAT 19%', '$15.33'],
    ]);
  });

  it('says what the order waits for, and when it ships', async () => {
    const waitsFor = [
      {
        productKey: 'accessories:213',
        name: 'Keyboard Stand',
        kind: 'pre_order',
        shipsFrom: '2027-01-09',
        shipsBy: '2027-02-06',
        endsAt: null,
      },
      {
        productKey: 'keyboards:115',
        name: 'Ergonomic Gaming Keyboard',
        kind: 'group_buy',
        shipsFrom: '2027-03-01',
        shipsBy: '2027-04-15',
        endsAt: '2026-12-22T12:00:00Z',
      },
    ];
    open((call) =>
      call.body.verify_only
        ? { status: 200, body: { status: 'verified', ...paid } }
        : {
            status: 200,
            body: {
              status: 'saved',
              ...paid,
              saved: 1,
              order: { ...coded, totalCents: 9600, waitsFor },
            },
          },
    );
    const summary = await screen.findByRole('region', { name: 'Order KS-10043' });
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Pre-order: Keyboard Stand ships between Jan 9, 2027 and Feb 6, 2027.',
      'Group buy: Ergonomic Gaming Keyboard — ends Dec 22, 2026; ships between Mar 1, 2027 and Apr 15, 2027 if it reaches its minimum.',
    ]);
    expect(
      within(summary).getByText(
        'This order ships when its last item is ready, by about Apr 15, 2027.',
      ),
    ).toBeTruthy();
  });

  it('shows no order part when the answer has none', async () => {
    open((call) =>
      call.body.verify_only
        ? { status: 200, body: { status: 'verified', ...paid } }
        : { status: 200, body: { status: 'saved', ...paid, saved: 1 } },
    );
    await waitFor(() => expect(status().textContent).toMatch(/^Order successful!/));
    expect(screen.queryByRole('region', { name: /^Order KS-/ })).toBeNull();
  });
});
