import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DiscountCode } from '../../../../contracts/functions/admin-discounts.ts';
import { held, renderWith, storeFor, type Answer } from '../../../lib/fake-backend.testing.tsx';
import { staffBackend, type StaffCall } from '../staff-backend.testing.ts';
import { endOfDay } from './draft.ts';
import { DiscountsView } from './DiscountsView.tsx';

const DAY_S = 24 * 3600;
const now = Math.floor(Date.now() / 1000);

function code(fields: Partial<DiscountCode> & Pick<DiscountCode, 'id' | 'code'>): DiscountCode {
  return {
    active: true,
    percentOff: null,
    amountOffCents: null,
    currency: null,
    expiresAt: null,
    maxRedemptions: null,
    timesRedeemed: 0,
    firstTimeOnly: false,
    minimumAmountCents: null,
    created: now - DAY_S,
    orders: 0,
    revenueCents: 0,
    discountCents: 0,
    ...fields,
  };
}

const CODES = [
  code({
    id: 'promo_spring',
    code: 'SPRING-20',
    percentOff: 20,
    maxRedemptions: 50,
    timesRedeemed: 3,
    minimumAmountCents: 5000,
    expiresAt: now + 30 * DAY_S,
    orders: 2,
    revenueCents: 12345,
    discountCents: 600,
  }),
  code({
    id: 'promo_welcome',
    code: 'WELCOME5',
    active: false,
    amountOffCents: 500,
    currency: 'usd',
    firstTimeOnly: true,
  }),
  code({ id: 'promo_old', code: 'OLD-10', active: false, percentOff: 10, expiresAt: now - DAY_S }),
  code({
    id: 'promo_gone',
    code: 'GONE',
    active: false,
    percentOff: 5,
    maxRedemptions: 1,
    timesRedeemed: 1,
  }),
];

const ok = (body: unknown): Answer => ({ status: 200, body });
const refused = (status: number, message: string): Answer => ({
  status,
  body: { error: 'code_taken', message },
});

/** The section over a backend that lists CODES and answers other calls with `other`. */
function renderView(
  other: (call: StaffCall) => Answer | Promise<Answer> = () => refused(500, 'no'),
) {
  const { backend, calls } = staffBackend({
    answer: (call) => (call.method === 'GET' ? ok({ discounts: CODES }) : other(call)),
  });
  renderWith(storeFor(backend), <DiscountsView />);
  return { user: userEvent.setup(), calls };
}

const table = () => screen.findByRole('table', { name: 'Discount codes' });
const row = async (name: string) =>
  within(await table())
    .getByRole('rowheader', { name })
    .closest('tr') as HTMLElement;

describe('Back office: discount codes', () => {
  it('lists each code with its discount, status, redemptions, orders, revenue and expiry', async () => {
    renderView();
    const spring = await row('SPRING-20');
    for (const text of ['20% off', 'Orders of $50.00 or more', 'Active', '3 / 50', '2', '$123.45'])
      expect(within(spring).getByText(text)).toBeTruthy();
    expect(within(spring).getByRole('button', { name: 'Pause SPRING-20' })).toBeTruthy();

    const welcome = await row('WELCOME5');
    for (const text of ['$5.00 off', 'First order only', 'Paused', 'Never', '$0.00'])
      expect(within(welcome).getByText(text)).toBeTruthy();
    expect(within(welcome).getByRole('button', { name: 'Resume WELCOME5' })).toBeTruthy();

    // Expired and used-up codes cannot be brought back: no button.
    expect(within(await row('OLD-10')).getByText('Expired')).toBeTruthy();
    expect(within(await row('OLD-10')).queryByRole('button')).toBeNull();
    expect(within(await row('GONE')).getByText('Used up')).toBeTruthy();
    expect(within(await row('GONE')).getByText('1 / 1')).toBeTruthy();
    expect(within(await row('GONE')).queryByRole('button')).toBeNull();
  });

  it('pauses a code, the buttons waiting for the server, and says so', async () => {
    const answer = held();
    const { user, calls } = renderView(() => answer.answer);
    const spring = await row('SPRING-20');
    await user.click(within(spring).getByRole('button', { name: 'Pause SPRING-20' }));
    expect(within(spring).getByRole('button', { name: 'Pause SPRING-20' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(await row('WELCOME5')).getByRole('button')).toHaveProperty('disabled', true);
    answer.release(ok({ discount: { ...CODES[0], active: false } }));

    expect(
      await screen.findByText('SPRING-20 is paused: shoppers can no longer use it.'),
    ).toHaveProperty('role', 'status');
    expect(within(spring).getByText('Paused')).toBeTruthy();
    expect(within(spring).getByRole('button', { name: 'Resume SPRING-20' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: 'admin-discounts/promo_spring', body: { active: false } },
    ]);
  });

  it("shows the server's refusal to resume a code, leaving the row as it was", async () => {
    const { user } = renderView(() => ({
      status: 400,
      body: { error: 'stripe_invalid_request', message: 'This code cannot be reactivated.' },
    }));
    const welcome = await row('WELCOME5');
    await user.click(within(welcome).getByRole('button', { name: 'Resume WELCOME5' }));
    expect(
      await screen.findByText('Could not change WELCOME5: This code cannot be reactivated.'),
    ).toHaveProperty('role', 'alert');
    expect(within(welcome).getByText('Paused')).toBeTruthy();
  });

  it('says when the codes cannot be loaded, and loads them on Try again', async () => {
    let fail = true;
    const { backend } = staffBackend({
      answer: () =>
        fail
          ? { status: 502, body: { error: 'stripe_error', message: 'The provider is down.' } }
          : ok({ discounts: CODES }),
    });
    renderWith(storeFor(backend), <DiscountsView />);
    expect(
      await screen.findByText('Discount codes could not be loaded: The provider is down.'),
    ).toHaveProperty('role', 'alert');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await row('SPRING-20')).toBeTruthy();
  });
});

describe('Back office: a new discount code', () => {
  const form = () => screen.getByRole('form', { name: 'New code' });
  const field = (name: string | RegExp) => within(form()).getByLabelText(name);

  it('makes a percent code with limits, adds it to the list and clears the form', async () => {
    const { user, calls } = renderView(() =>
      ok({
        discount: code({ id: 'promo_new', code: 'SUMMER-10', percentOff: 10, maxRedemptions: 100 }),
      }),
    );
    await table();
    await user.type(field('Code'), 'summer-10');
    await user.type(field('Percent off'), '10');
    await user.type(field('Total uses (optional)'), '100');
    await user.type(field('Minimum order, in dollars (optional)'), '50');
    await user.click(field(/First order only/));
    await user.click(within(form()).getByRole('button', { name: 'Create code' }));

    expect(await screen.findByText('Code SUMMER-10 is created and active.')).toHaveProperty(
      'role',
      'status',
    );
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      path: 'admin-discounts',
      body: {
        code: 'SUMMER-10',
        percentOff: 10,
        maxRedemptions: 100,
        minimumAmountCents: 5000,
        firstTimeOnly: true,
        requestId: expect.any(String),
      },
    });
    expect(within(await row('SUMMER-10')).getByText('0 / 100')).toBeTruthy();
    expect(field('Code')).toHaveProperty('value', '');
  });

  it('makes an amount code that ends on a chosen day', async () => {
    const { user, calls } = renderView(() =>
      ok({ discount: code({ id: 'promo_x', code: 'FIVE' }) }),
    );
    await table();
    const day = new Date(Date.now() + 10 * DAY_S * 1000);
    const date = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
    await user.type(field('Code'), 'FIVE');
    await user.click(within(form()).getByRole('radio', { name: 'An amount in dollars' }));
    await user.type(field('Amount off, in dollars'), '5');
    await user.type(field('Last day (optional)'), date);
    await user.click(within(form()).getByRole('button', { name: 'Create code' }));
    await screen.findByText('Code FIVE is created and active.');
    expect(calls.at(-1)?.body).toEqual({
      code: 'FIVE',
      amountOffCents: 500,
      expiresAt: endOfDay(date),
      firstTimeOnly: false,
      requestId: expect.any(String),
    });
  });

  it('shows each problem at its field, focusing the first, and sends nothing', async () => {
    const { user, calls } = renderView();
    await table();
    await user.type(field('Code'), 'NO SPACES');
    await user.type(field('Percent off'), '150');
    await user.type(field('Total uses (optional)'), '0');
    await user.click(within(form()).getByRole('button', { name: 'Create code' }));
    const code = field('Code');
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter 3 to 40 letters, digits or dashes.')).toBeTruthy();
    expect(screen.getByText(/Enter a percentage above 0 and up to 100/)).toBeTruthy();
    expect(screen.getByText(/Enter a whole number from 1 to 1000000/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("shows the server's refusal and keeps what was typed; a retry is the same request", async () => {
    const { user, calls } = renderView(() =>
      refused(409, 'An active code TAKEN already exists. Pause it first, or choose another code.'),
    );
    await table();
    await user.type(field('Code'), 'TAKEN');
    await user.type(field('Percent off'), '15');
    const create = within(form()).getByRole('button', { name: 'Create code' });
    await user.click(create);
    expect((await within(form()).findByRole('alert')).textContent).toBe(
      'The code was not created: An active code TAKEN already exists. Pause it first, or choose another code.',
    );
    expect(field('Code')).toHaveProperty('value', 'TAKEN');
    expect(field('Percent off')).toHaveProperty('value', '15');
    await user.click(create);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    const [first, second] = calls.filter((c) => c.method === 'POST');
    expect(second?.body).toEqual(first?.body);
  });

  it('disables Create while the server answers', async () => {
    const answer = held();
    const { user } = renderView(() => answer.answer);
    await table();
    await user.type(field('Code'), 'WAIT-1');
    await user.type(field('Percent off'), '5');
    await user.click(within(form()).getByRole('button', { name: 'Create code' }));
    expect(within(form()).getByRole('button', { name: 'Creating…' })).toHaveProperty(
      'disabled',
      true,
    );
    answer.release(ok({ discount: code({ id: 'promo_w', code: 'WAIT-1', percentOff: 5 }) }));
    expect(await within(form()).findByRole('button', { name: 'Create code' })).toHaveProperty(
      'disabled',
      false,
    );
  });
});
