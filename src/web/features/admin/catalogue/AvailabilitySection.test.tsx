import { PostgrestClient } from '@supabase/postgrest-js';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../contracts/database.ts';
import { installDialogPolyfill } from '../../../components/dialog-polyfill.testing.ts';
import { renderWith, storeFor } from '../../../lib/fake-backend.testing.tsx';
import { staffBackend } from '../staff-backend.testing.ts';
import type { AvailabilityProgress, AvailabilityRow } from './availability-api.ts';
import { AvailabilitySection } from './AvailabilitySection.tsx';

// The section against the real postgrest-js client over a fetch stub that plays PostgREST: what
// is under test is the requests the section makes and what staff see of the answers. The table's
// CHECKs and policies are the migration's (supabase/migrations/20261128180000_…).

beforeAll(installDialogPolyfill);

interface DbCall {
  method: string;
  /** Under /rest/v1, query decoded: "product_availability?product_key=eq.keyboards:115". */
  path: string;
  prefer: string | null;
  body: unknown;
}

interface Options {
  row?: AvailabilityRow | null;
  progress?: AvailabilityProgress | null;
  /** Answers a write instead of the table. */
  refuse?: () => Response | Promise<Response>;
  /** Answers the first read of the row when it resolves. */
  hold?: Promise<void>;
}

function renderSection(key: string, options: Options = {}) {
  let row = options.row ?? null;
  const calls: DbCall[] = [];
  const fetchStub: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    calls.push({
      method,
      path: decodeURIComponent(url.pathname.replace('/rest/v1/', '') + url.search),
      prefer: headers.get('prefer'),
      body: init?.body ? JSON.parse(String(init.body)) : null,
    });
    const table = url.pathname.split('/').pop();
    if (method === 'GET' && table === 'availability_progress')
      return Response.json(row && options.progress ? [options.progress] : []);
    if (method === 'GET') {
      await options.hold;
      return Response.json(row ? [row] : []);
    }
    if (options.refuse) return options.refuse();
    if (method === 'DELETE') {
      row = null;
      return new Response(null, { status: 204 });
    }
    const body = JSON.parse(String(init?.body)) as Partial<AvailabilityRow>;
    if (method === 'PATCH') {
      row = row ? { ...row, ...body } : null;
      return Response.json(row ? [row] : []);
    }
    if (row) return Response.json({ code: '23505', message: 'duplicate key' }, { status: 409 });
    row = body as AvailabilityRow;
    return Response.json([row], { status: 201 });
  };
  const db = new PostgrestClient<Database>('http://shop.test/rest/v1', { fetch: fetchStub });
  const { backend } = staffBackend({ db, answer: () => ({ status: 500, body: {} }) });
  renderWith(storeFor(backend), <AvailabilitySection productKey={key} />);
  return { user: userEvent.setup(), writes: () => calls.filter((c) => c.method !== 'GET') };
}

/** The section, apart from the toasts' own live regions. */
const section = () => screen.getByRole('region', { name: 'Availability' });
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
/** Date and time inputs take their value whole, as a browser's picker gives it. */
const pick = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });
const errorOf = (label: string) => {
  const input = field(label);
  const id = input
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((i) => i.endsWith('-error'));
  return input.getAttribute('aria-invalid') === 'true' && id
    ? document.getElementById(id)?.textContent
    : undefined;
};
const save = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Save availability' }));
/** The save said in the section's status line (role status: announced politely). */
const said = async (text: string) =>
  expect(await screen.findByText(text)).toHaveProperty('role', 'status');

// Instants made from local times, so the inputs read the same in any time zone.
const local = (y: number, m: number, d: number, h: number, min = 0) =>
  new Date(y, m - 1, d, h, min).toISOString();

describe('Back office: a product’s availability', () => {
  it('loads the current group buy with its progress, times in local time, and changes it', async () => {
    let release = () => undefined as void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    const { user, writes } = renderSection('keyboards:115', {
      hold,
      row: {
        product_key: 'keyboards:115',
        kind: 'group_buy',
        ships_from: '2027-03-01',
        ships_by: '2027-04-15',
        cap: 150,
        starts_at: local(2027, 1, 10, 9, 30),
        ends_at: local(2027, 1, 31, 18),
        moq: 30,
      },
      progress: { units_paid: 12, units_held: 3 },
    });
    expect(await screen.findByText('Loading the availability…')).toHaveProperty('role', 'status');
    release();

    const groupBuy = await screen.findByRole('radio', { name: 'Group buy' });
    expect((groupBuy as HTMLInputElement).checked).toBe(true);
    expect(field('Group buy starts').value).toBe('2027-01-10T09:30');
    expect(field('Group buy ends').value).toBe('2027-01-31T18:00');
    expect(field('Minimum quantity (MOQ)').value).toBe('30');
    expect(field('Most units sold').value).toBe('150');
    expect(field('Ships from').value).toBe('2027-03-01');
    expect(field('Ships by').value).toBe('2027-04-15');
    expect(screen.getByText('12 paid, 3 in open checkouts')).toBeTruthy();
    expect(screen.getByText('12 of 30 minimum')).toBeTruthy();

    // A saved row is changed in place, whole, times as they were.
    await user.clear(field('Minimum quantity (MOQ)'));
    await user.type(field('Minimum quantity (MOQ)'), '20');
    await save(user);
    await said('Saved: sold as a group buy.');
    expect(screen.getByText('12 of 20 minimum')).toBeTruthy();
    expect(writes()).toEqual([
      expect.objectContaining({
        method: 'PATCH',
        body: {
          kind: 'group_buy',
          ships_from: '2027-03-01',
          ships_by: '2027-04-15',
          cap: 150,
          starts_at: local(2027, 1, 10, 9, 30),
          ends_at: local(2027, 1, 31, 18),
          moq: 20,
        },
      }),
    ]);
  });

  it('saves a new pre-order: the row is made, and the section says so', async () => {
    const { user, writes } = renderSection('accessories:213');
    const inStock = await screen.findByRole('radio', { name: 'In stock' });
    expect((inStock as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText('Ships from')).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Pre-order' }));
    expect(screen.queryByLabelText('Group buy starts')).toBeNull();
    pick('Ships from', '2027-02-01');
    pick('Ships by', '2027-02-28');
    await user.type(field('Most units sold'), '200');
    await save(user);

    await said('Saved: sold as a pre-order.');
    // The data API takes no upserts: a change that finds no row, then the row made.
    const select = 'select=product_key,kind,ships_from,ships_by,cap,starts_at,ends_at,moq';
    const values = {
      kind: 'pre_order',
      ships_from: '2027-02-01',
      ships_by: '2027-02-28',
      cap: 200,
      starts_at: null,
      ends_at: null,
      moq: null,
    };
    expect(writes()).toEqual([
      {
        method: 'PATCH',
        path: `product_availability?product_key=eq.accessories:213&${select}`,
        prefer: 'return=representation',
        body: values,
      },
      {
        method: 'POST',
        path: `product_availability?${select}`,
        prefer: 'return=representation',
        body: { product_key: 'accessories:213', ...values },
      },
    ]);
  });

  it('marks each wrong field of a group buy, focuses the first, and keeps the others until corrected', async () => {
    const { user, writes } = renderSection('keyboards:115');
    await user.click(await screen.findByRole('radio', { name: 'Group buy' }));
    pick('Group buy starts', '2027-01-10T10:00');
    pick('Group buy ends', '2027-01-05T10:00');
    await user.type(field('Minimum quantity (MOQ)'), '1.5');
    pick('Ships from', '2027-01-03');
    await save(user);

    expect(within(section()).getByRole('alert').textContent).toBe(
      'The availability was not saved: correct the fields marked below.',
    );
    expect(errorOf('Group buy starts')).toBeUndefined();
    expect(errorOf('Group buy ends')).toBe('Enter a time after the start.');
    expect(errorOf('Minimum quantity (MOQ)')).toBe('Enter a whole number from 1 to 1,000,000.');
    expect(errorOf('Ships from')).toBe(
      'Enter Jan 5, 2027 or later: shipping starts once the group buy has ended.',
    );
    expect(errorOf('Ships by')).toBe('Enter a date.');
    expect(document.activeElement).toBe(field('Group buy ends'));

    // One field corrected: its error goes, the others stay.
    pick('Group buy ends', '2027-01-31T20:00');
    expect(errorOf('Group buy ends')).toBeUndefined();
    expect(errorOf('Minimum quantity (MOQ)')).toBe('Enter a whole number from 1 to 1,000,000.');

    await user.clear(field('Minimum quantity (MOQ)'));
    await user.type(field('Minimum quantity (MOQ)'), '30');
    await user.type(field('Most units sold'), '10');
    pick('Ships from', '2027-03-01');
    pick('Ships by', '2027-02-01');
    await save(user);
    expect(errorOf('Most units sold')).toBe(
      'Enter at least the minimum quantity, or leave it empty.',
    );
    expect(errorOf('Ships by')).toBe('Enter a date on or after Ships from.');
    expect(document.activeElement).toBe(field('Ships by'));
    expect(writes()).toEqual([]);

    await user.clear(field('Most units sold'));
    pick('Ships by', '2027-04-01');
    await save(user);
    await said('Saved: sold as a group buy.');
    expect(writes().map((w) => w.method)).toEqual(['PATCH', 'POST']);
    expect(writes()[1]?.body).toEqual({
      product_key: 'keyboards:115',
      kind: 'group_buy',
      ships_from: '2027-03-01',
      ships_by: '2027-04-01',
      cap: null,
      starts_at: local(2027, 1, 10, 10),
      ends_at: local(2027, 1, 31, 20),
      moq: 30,
    });
  });

  it('asks before selling from stock again while orders wait, then deletes the row', async () => {
    const { user, writes } = renderSection('accessories:213', {
      row: {
        product_key: 'accessories:213',
        kind: 'pre_order',
        ships_from: '2027-02-01',
        ships_by: '2027-02-28',
        cap: null,
        starts_at: null,
        ends_at: null,
        moq: null,
      },
      progress: { units_paid: 2, units_held: 1 },
    });
    expect(await screen.findByText('2 paid, 1 in open checkouts')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'In stock' }));
    await save(user);

    let dialog = screen.getByRole('dialog', { name: 'Sell it from stock again?' });
    expect(dialog.textContent).toContain(
      '2 units paid for are waiting. Those orders keep the ship dates they were sold with; new orders are sold from the stock on hand.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep it as it is' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(writes()).toEqual([]);

    await save(user);
    dialog = screen.getByRole('dialog', { name: 'Sell it from stock again?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, sell from stock' }));
    await said('Saved: sold from stock.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(writes()).toEqual([
      {
        method: 'DELETE',
        path: 'product_availability?product_key=eq.accessories:213',
        prefer: null,
        body: null,
      },
    ]);
    expect(screen.queryByText('2 paid, 1 in open checkouts')).toBeNull();
    expect(screen.queryByLabelText('Ships from')).toBeNull();
  });

  it('shows the server’s refusal and keeps what was typed', async () => {
    const { user, writes } = renderSection('accessories:213', {
      refuse: () =>
        Response.json(
          {
            code: '23514',
            message:
              'new row for relation "product_availability" violates check constraint "product_availability_check"',
            details: null,
            hint: null,
          },
          { status: 400 },
        ),
    });
    await user.click(await screen.findByRole('radio', { name: 'Pre-order' }));
    pick('Ships from', '2027-02-01');
    pick('Ships by', '2027-02-28');
    await user.type(field('Most units sold'), '50');
    await save(user);

    expect((await within(section()).findByRole('alert')).textContent).toBe(
      'The server refused these values: new row for relation "product_availability" violates check constraint "product_availability_check"',
    );
    expect(writes()).toHaveLength(1);
    expect((screen.getByRole('radio', { name: 'Pre-order' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(field('Ships from').value).toBe('2027-02-01');
    expect(field('Ships by').value).toBe('2027-02-28');
    expect(field('Most units sold').value).toBe('50');
    expect(screen.queryByText(/^Saved/)).toBeNull();
  });

  it('says when the server cannot be reached, keeping the input', async () => {
    const { user } = renderSection('accessories:213', {
      refuse: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await user.click(await screen.findByRole('radio', { name: 'Pre-order' }));
    pick('Ships from', '2027-02-01');
    pick('Ships by', '2027-02-28');
    await save(user);
    expect((await within(section()).findByRole('alert')).textContent).toBe(
      'The availability could not be saved: the server could not be reached.',
    );
    expect(field('Ships by').value).toBe('2027-02-28');
  });
});
