import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { installDialogPolyfill } from '../../../components/dialog-polyfill.testing.ts';
import { testShopPerFile } from '../../../lib/test-shop.testing.tsx';
import { account } from '../admin.testing.ts';
import { AdminPage } from '../index.ts';
import { go, seedProduct } from './products.testing.ts';

const shop = testShopPerFile();

// Every step waits for the real server, on a machine that may be busy.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(() => installDialogPolyfill());

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const statusOf = async (key: string) =>
  (
    await shop.server.query<{ status: string }>(
      'SELECT status FROM public.products WHERE key = $1',
      [key],
    )
  )[0]?.status;

describe('Back office: editing a product', () => {
  it('saves a new price, and the history says who changed it from what to what', async () => {
    const { store, email } = await account(shop, true);
    go('#/admin/products/keyboards%3A1');
    shop.renderPage(<AdminPage />, store);
    const user = userEvent.setup();
    const price = (await screen.findByLabelText('Price in dollars')) as HTMLInputElement;
    expect(price.value).toBe('120.00');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Edit Mechanical Keyboard Pro' }),
    ).toBeTruthy();
    // The sheet as saved, the switch fitted chosen among our switches.
    expect(input('Size').value).toBe('Full');
    await waitFor(() => {
      const fitted = screen.getByLabelText('Switches fitted') as HTMLSelectElement;
      expect(fitted.selectedOptions[0]?.textContent).toBe('Brown Switch');
    });
    expect(
      await screen.findByText('No changes since the catalogue moved into the database.'),
    ).toBeTruthy();

    await user.clear(price);
    await user.type(price, '130');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved Mechanical Keyboard Pro.')).toBeTruthy();
    expect(price.value).toBe('130.00');
    const [row] = await shop.server.query<{ price_cents: number }>(
      "SELECT price_cents FROM public.products WHERE key = 'keyboards:1'",
    );
    expect(row?.price_cents).toBe(13000);

    const history = await screen.findByRole('table', { name: 'History' });
    const entry = within(history).getByText('Price $120.00 → $130.00').closest('tr')!;
    expect(within(entry).getByText(email)).toBeTruthy();
    expect(within(entry).getByText('Changed')).toBeTruthy();
    // Only the price changed: the sheet and the colours went back as they were.
    expect(within(entry).getAllByRole('listitem')).toHaveLength(1);
    expect(within(history).getAllByRole('row')).toHaveLength(2);
  });

  it('publishes, archives after asking, and restores, keeping unsaved edits in the form', async () => {
    const { store } = await account(shop, true);
    const cable = await seedProduct(store);
    go(`#/admin/products/${encodeURIComponent(cable.key)}`);
    shop.renderPage(<AdminPage />, store);
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Publish' });
    expect(screen.getByText('Draft: only staff see it.')).toBeTruthy();
    await user.type(input('Description'), ' Unsaved.');

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(`${cable.name} is published.`)).toBeTruthy();
    expect(screen.getByText('Published: in the shop.')).toBeTruthy();
    expect(await statusOf(cable.key)).toBe('published');
    expect(input('Description').value).toBe('A cable for the tests. Unsaved.');

    await user.click(screen.getByRole('button', { name: 'Archive' }));
    let dialog = screen.getByRole('dialog', { name: `Archive ${cable.name}?` });
    expect(dialog.textContent).toContain(
      'Archived products leave the shop: shoppers can no longer find or buy it. Old orders and reviews keep it, and you can restore it later.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Do not archive' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await statusOf(cable.key)).toBe('published');

    await user.click(screen.getByRole('button', { name: 'Archive' }));
    dialog = screen.getByRole('dialog', { name: `Archive ${cable.name}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, archive it' }));
    expect(await screen.findByText(`${cable.name} is archived.`)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await statusOf(cable.key)).toBe('archived');
    const history = await screen.findByRole('table', { name: 'History' });
    await within(history).findByText('Status Published → Archived');
    expect(within(history).getByText('Status Draft → Published')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Restore from archive' }));
    expect(await screen.findByText(`${cable.name} is restored as a draft.`)).toBeTruthy();
    expect(await statusOf(cable.key)).toBe('draft');
    expect(screen.getByRole('button', { name: 'Publish' })).toBeTruthy();
    expect(input('Description').value).toBe('A cable for the tests. Unsaved.');
  });
});
