import { FunctionsClient } from '@supabase/functions-js';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWith, storeFor } from '../../../lib/fake-backend.testing.tsx';
import { rowsWith } from '../../../state/catalogue.testing.ts';
import type { Backend } from '../../../lib/supabase.ts';
import { StockEditor } from './StockEditor.tsx';

type Answer = { status: number; body: unknown };

/**
 * A staff backend: the products (staff read archived ones too: Gaming Keyboard X is) and the stock
 * tables as `rows` say, admin-stock answering with `answer`.
 */
function staffBackend(answer: (body: Record<string, unknown>) => Answer) {
  const calls: Record<string, unknown>[] = [];
  const rows = {
    stock: [
      { product_key: 'switches:205', color: 'Blue', on_hand: 4 },
      { product_key: 'keyboards:2', color: 'Green', on_hand: 50 },
    ],
    stock_availability: [
      { product_key: 'switches:205', color: 'Blue', available: 3 },
      { product_key: 'keyboards:2', color: 'Green', available: 50 },
    ],
  };
  const products = rowsWith('keyboards:2', { status: 'archived' });
  const db = {
    from: (table: keyof typeof rows | 'catalogue_products') =>
      table === 'catalogue_products'
        ? { select: () => ({ order: () => Promise.resolve({ data: products, error: null }) }) }
        : { select: () => Promise.resolve({ data: rows[table], error: null }) },
  };
  const functions = new FunctionsClient('http://shop.test/functions/v1', {
    customFetch: (_input, init) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      calls.push(body);
      const { status, body: json } = answer(body);
      return Promise.resolve(
        new Response(JSON.stringify(json), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    },
  });
  const auth = {
    getSession: async () => ({ data: { session: null }, error: null }),
    onAuthStateChange: () => ({ data: { subscription: { unsubscribe: () => undefined } } }),
  };
  const backend = { db, functions, auth, dispose: () => undefined } as unknown as Backend;
  return { backend, calls };
}

async function renderEditor(answer: (body: Record<string, unknown>) => Answer) {
  const { backend, calls } = staffBackend(answer);
  renderWith(storeFor(backend), <StockEditor />);
  await userEvent.setup().click(screen.getByRole('button', { name: 'Show stock' }));
  const table = await screen.findByRole('table', { name: 'Stock per product and colour' });
  return { user: userEvent.setup(), table, calls };
}

const row = (table: HTMLElement, name: string) =>
  within(table).getByRole('rowheader', { name }).closest('tr') as HTMLElement;

describe('stock editor', () => {
  it('lists products and colours with on hand and available, and saves one row', async () => {
    const { user, table, calls } = await renderEditor((body) => ({
      status: 200,
      body: { stock: { ...body, available: (body.onHand as number) - 1 } },
    }));
    const blue = row(table, 'Blue Switch');
    expect(within(blue).getByText('Blue')).toBeTruthy();
    expect(within(blue).getByText('3')).toBeTruthy();
    const input = within(blue).getByRole('spinbutton', { name: 'On hand of Blue Switch (Blue)' });
    expect((input as HTMLInputElement).value).toBe('4');

    await user.clear(input);
    await user.type(input, '12');
    await user.click(
      within(blue).getByRole('button', { name: 'Save on hand of Blue Switch (Blue)' }),
    );
    expect(await within(blue).findByRole('status')).toHaveProperty(
      'textContent',
      'Saved: 12 on hand of Blue Switch (Blue).',
    );
    expect(calls).toEqual([{ productKey: 'switches:205', color: 'Blue', onHand: 12 }]);
    expect(within(blue).getByText('11')).toBeTruthy();
  });

  it.each(['-1', '1.5', '100001', ''])(
    'refuses %j before sending anything, saying what is allowed',
    async (typed) => {
      const { user, table, calls } = await renderEditor(() => ({ status: 500, body: {} }));
      const blue = row(table, 'Blue Switch');
      const input = within(blue).getByRole('spinbutton');
      await user.clear(input);
      if (typed) await user.type(input, typed);
      await user.click(within(blue).getByRole('button', { name: /Save/ }));
      const alert = within(blue).getByRole('alert');
      expect(alert.textContent).toBe('Enter a whole number from 0 to 100000.');
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(input.getAttribute('aria-describedby')).toBe(alert.id);
      expect(calls).toEqual([]);
    },
  );

  it("shows the server's refusal on the row", async () => {
    const { user, table } = await renderEditor(() => ({
      status: 403,
      body: { error: 'not_staff', message: 'Only staff may do this.' },
    }));
    const green = row(table, 'Gaming Keyboard X');
    await user.click(within(green).getByRole('button', { name: /Save/ }));
    expect((await within(green).findByRole('alert')).textContent).toBe(
      'Could not save: Only staff may do this.',
    );
  });
});
