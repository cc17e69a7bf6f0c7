import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TaxRate } from '../../../../contracts/functions/admin-tax-rates.ts';
import { installDialogPolyfill } from '../../../components/dialog-polyfill.testing.ts';
import { held, renderWith, storeFor, type Answer } from '../../../lib/fake-backend.testing.tsx';
import { staffBackend, type StaffCall } from '../staff-backend.testing.ts';
import { TaxView } from './TaxView.tsx';

const rate = (fields: Partial<TaxRate> & Pick<TaxRate, 'id' | 'displayName'>): TaxRate => ({
  percentage: 7.25,
  country: 'US',
  state: 'CA',
  inclusive: false,
  active: true,
  created: 1_795_000_000,
  ...fields,
});

const RATES = [
  rate({ id: 'txr_ca', displayName: 'CA sales tax' }),
  rate({
    id: 'txr_de',
    displayName: 'VAT',
    percentage: 19,
    country: 'DE',
    state: null,
    inclusive: true,
  }),
  rate({ id: 'txr_old', displayName: 'Old NY', state: 'NY', percentage: 4, active: false }),
];

beforeAll(installDialogPolyfill);

const ok = (body: unknown): Answer => ({ status: 200, body });

/**
 * The data client's shop_settings, as PostgREST answers staff: the row read and changed;
 * `refuse` answers a change with this error instead.
 */
function settingsDb(refuse: { message: string } | null = null) {
  const row = { shipping_taxable: false };
  const changes: unknown[] = [];
  const answer = () => Promise.resolve({ data: [{ ...row }], error: null });
  const db = {
    from: (table: string) => {
      if (table !== 'shop_settings') throw new Error(`unexpected table ${table}`);
      return {
        select: () => ({ eq: answer }),
        update: (values: typeof row) => ({
          eq: () => ({
            select: () => {
              changes.push(values);
              if (refuse) return Promise.resolve({ data: null, error: refuse });
              Object.assign(row, { shipping_taxable: values.shipping_taxable });
              return answer();
            },
          }),
        }),
      };
    },
  };
  return { db, changes };
}

function renderView(
  other: (call: StaffCall) => Answer | Promise<Answer> = () => ({ status: 500, body: {} }),
  refuse: { message: string } | null = null,
) {
  const { db, changes } = settingsDb(refuse);
  const { backend, calls } = staffBackend({
    db,
    answer: (call) => (call.method === 'GET' ? ok({ taxRates: RATES }) : other(call)),
  });
  renderWith(storeFor(backend), <TaxView />);
  return { user: userEvent.setup(), calls, changes };
}

const table = () => screen.findByRole('table', { name: 'Tax rates' });
const row = async (name: string) =>
  within(await table())
    .getByRole('rowheader', { name })
    .closest('tr') as HTMLElement;
const posts = (calls: StaffCall[]) => calls.filter((c) => c.method === 'POST');

describe('Back office: tax rates', () => {
  it('lists each rate with its country, state, rate, kind and status', async () => {
    renderView();
    const ca = await row('CA sales tax');
    for (const text of ['US', 'CA', '7.25%', 'Added at checkout', 'Active'])
      expect(within(ca).getByText(text)).toBeTruthy();
    const vat = await row('VAT');
    for (const text of ['DE', 'All', '19%', 'Included in price'])
      expect(within(vat).getByText(text)).toBeTruthy();
    const old = await row('Old NY');
    expect(within(old).getByText('Archived')).toBeTruthy();
    expect(within(old).queryByRole('button')).toBeNull();
  });

  it('archives a rate once confirmed, and says so', async () => {
    const { user, calls } = renderView(() => ok({ taxRate: { ...RATES[0], active: false } }));
    await user.click(
      within(await row('CA sales tax')).getByRole('button', { name: 'Archive CA sales tax' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Archive CA sales tax?' });
    await user.click(within(dialog).getByRole('button', { name: 'Archive the rate' }));
    expect(await screen.findByText('CA sales tax is archived.')).toHaveProperty('role', 'status');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(await row('CA sales tax')).getByText('Archived')).toBeTruthy();
    expect(posts(calls)).toEqual([
      { method: 'POST', path: 'admin-tax-rates/txr_ca', body: { active: false } },
    ]);
  });

  it("shows the server's refusal to archive in the dialog", async () => {
    const { user } = renderView(() => ({
      status: 404,
      body: { error: 'tax_rate_not_found', message: "No such tax rate: 'txr_de'" },
    }));
    await user.click(within(await row('VAT')).getByRole('button', { name: 'Archive VAT' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Archive the rate' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      "Could not archive VAT: No such tax rate: 'txr_de'",
    );
    expect(within(await row('VAT')).getByText('Active')).toBeTruthy();
  });

  it('says when the rates cannot be loaded, and loads them on Try again', async () => {
    let fail = true;
    const { backend } = staffBackend({
      db: settingsDb().db,
      answer: () =>
        fail
          ? { status: 503, body: { error: 'payments_unavailable', message: 'No payments here.' } }
          : ok({ taxRates: RATES }),
    });
    renderWith(storeFor(backend), <TaxView />);
    expect(
      await screen.findByText('Tax rates could not be loaded: No payments here.'),
    ).toHaveProperty('role', 'alert');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await row('VAT')).toBeTruthy();
  });
});

describe('Back office: whether shipping is taxed', () => {
  it('shows the setting and saves a change', async () => {
    const { user, changes } = renderView();
    const box = await screen.findByRole('checkbox', { name: 'Charge tax on shipping too' });
    expect(box).toHaveProperty('checked', false);
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved: shipping is taxed.')).toHaveProperty('role', 'status');
    expect(changes).toEqual([{ shipping_taxable: true, updated_at: expect.any(String) }]);
  });

  it('keeps the choice when saving fails, to save again', async () => {
    const { user } = renderView(undefined, {
      message: 'permission denied for table shop_settings',
    });
    const box = await screen.findByRole('checkbox', { name: 'Charge tax on shipping too' });
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Not saved: permission denied for table shop_settings'),
    ).toHaveProperty('role', 'alert');
    expect(box).toHaveProperty('checked', true);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false);
  });
});

describe('Back office: a new tax rate', () => {
  const form = () => screen.getByRole('form', { name: 'New rate' });
  const field = (name: string | RegExp) => within(form()).getByLabelText(name);

  it('adds a US state rate, always added on top of prices, to the list', async () => {
    const made = rate({ id: 'txr_tx', displayName: 'TX sales tax', state: 'TX', percentage: 6.25 });
    const { user, calls } = renderView(() => ok({ taxRate: made }));
    await table();
    await user.click(within(form()).getByRole('radio', { name: /Already included/ }));
    await user.type(field('Name shoppers see'), 'TX sales tax');
    await user.type(field('Rate'), '6.25');
    await user.type(field('Country code'), 'us');
    await user.type(field('State (required in the US)'), 'tx');
    // In the US, tax is added: the other choice is not offered.
    expect(within(form()).getByRole('radio', { name: /Already included/ })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(form()).getByRole('radio', { name: /Added on top/ })).toHaveProperty(
      'checked',
      true,
    );
    await user.click(within(form()).getByRole('button', { name: 'Add rate' }));

    expect(await screen.findByText('TX sales tax is added and active.')).toHaveProperty(
      'role',
      'status',
    );
    expect(posts(calls)).toEqual([
      {
        method: 'POST',
        path: 'admin-tax-rates',
        body: {
          displayName: 'TX sales tax',
          percentage: 6.25,
          country: 'US',
          state: 'TX',
          inclusive: false,
          requestId: expect.any(String),
        },
      },
    ]);
    expect(within(await row('TX sales tax')).getByText('6.25%')).toBeTruthy();
    expect(field('Name shoppers see')).toHaveProperty('value', '');
  });

  it('adds an inclusive rate for a whole country', async () => {
    const { user, calls } = renderView(() =>
      ok({ taxRate: rate({ id: 'txr_gb', displayName: 'UK VAT', country: 'GB', state: null }) }),
    );
    await table();
    await user.type(field('Name shoppers see'), 'UK VAT');
    await user.type(field('Rate'), '20');
    await user.type(field('Country code'), 'gb');
    await user.click(within(form()).getByRole('radio', { name: /Already included/ }));
    await user.click(within(form()).getByRole('button', { name: 'Add rate' }));
    await screen.findByText('UK VAT is added and active.');
    expect(posts(calls)[0]?.body).toEqual({
      displayName: 'UK VAT',
      percentage: 20,
      country: 'GB',
      inclusive: true,
      requestId: expect.any(String),
    });
  });

  it('shows each problem at its field, focusing the first, and sends nothing', async () => {
    const { user, calls } = renderView();
    await table();
    await user.type(field('Rate'), '7.12345');
    await user.type(field('Country code'), 'US');
    await user.click(within(form()).getByRole('button', { name: 'Add rate' }));
    const name = field('Name shoppers see');
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(screen.getByText('Enter a name of up to 50 characters.')).toBeTruthy();
    expect(screen.getByText('Enter a rate from 0 to 100, with at most 4 decimals.')).toBeTruthy();
    expect(screen.getByText('Enter the 2-letter state, such as CA.')).toBeTruthy();
    expect(field('State (required in the US)').getAttribute('aria-invalid')).toBe('true');
    expect(posts(calls)).toEqual([]);
  });

  it("shows the server's refusal, keeps what was typed and waits while it answers", async () => {
    const answer = held();
    const { user } = renderView(() => answer.answer);
    await table();
    await user.type(field('Name shoppers see'), 'VAT');
    await user.type(field('Rate'), '19');
    await user.type(field('Country code'), 'DE');
    await user.click(within(form()).getByRole('button', { name: 'Add rate' }));
    expect(within(form()).getByRole('button', { name: 'Adding…' })).toHaveProperty(
      'disabled',
      true,
    );
    answer.release({
      status: 400,
      body: { error: 'stripe_invalid_request', message: 'Invalid country: DE.' },
    });
    expect(await within(form()).findByRole('alert')).toHaveProperty(
      'textContent',
      'The rate was not added: Invalid country: DE.',
    );
    expect(field('Name shoppers see')).toHaveProperty('value', 'VAT');
    expect(field('Country code')).toHaveProperty('value', 'DE');
    expect(within(form()).getByRole('button', { name: 'Add rate' })).toHaveProperty(
      'disabled',
      false,
    );
  });
});
