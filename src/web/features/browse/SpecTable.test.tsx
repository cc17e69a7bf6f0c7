import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixtureCatalogue, fixtureProduct } from '../../../catalogue/__fixtures__/catalogue.ts';
import { installDialogPolyfill } from '../../components/dialog-polyfill.testing.ts';
import { ToastProvider } from '../../components/toast/index.ts';
import { ListPage } from './index.ts';
import { SpecTable } from './SpecTable.tsx';
import { setCatalogue } from '../../state/catalogue.testing.ts';

beforeAll(installDialogPolyfill);
// The fixture's catalogue, as if the shop had answered.
beforeEach(() => setCatalogue());

/** The table's rows as { header: value }, read the way a screen reader pairs them. */
function rowsOf(table: HTMLElement): Record<string, string> {
  return Object.fromEntries(
    within(table)
      .getAllByRole('row')
      .map((row) => [
        within(row).getByRole('rowheader').textContent,
        within(row).getByRole('cell').textContent,
      ]),
  );
}

describe('spec table', () => {
  it('labels every row and shows values with their units', () => {
    render(<SpecTable product={fixtureProduct('switches:205')} names={fixtureCatalogue} />);
    const table = screen.getByRole('table', { name: 'Specifications' });
    expect(rowsOf(table)).toMatchObject({
      Type: 'Clicky',
      'Actuation force': '50 gf',
      'Bottom-out force': '60 gf',
      'Pre-travel': '2.2 mm',
      'Total travel': '4.0 mm',
      Pins: '3-pin',
      'Factory lubed': 'No',
      Sound: 'Click',
    });
  });

  it('shows in the product dialog, a wireless board with its battery', async () => {
    window.history.replaceState(null, '', '#/keyboard?q=compact+keyboard');
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <ListPage category="keyboards" />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Compact Keyboard' }));
    const dialog = screen.getByRole('dialog', { name: 'Compact Keyboard' });
    const rows = rowsOf(within(dialog).getByRole('table', { name: 'Specifications' }));
    expect(rows).toMatchObject({
      Size: '65%',
      'Switch sockets': 'Hot-swap, 3-pin',
      'Switches fitted': 'Pink Switch',
      Connectivity: '2.4 GHz, Bluetooth',
      Battery: '3,000 mAh',
    });
  });
});
