import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findAlert, testShopPerFile } from '../../lib/test-shop.testing.tsx';
import { account, seedOrder } from './admin.testing.ts';
import { CsvExport } from './CsvExport.tsx';
import { lastThirtyDays } from './format.ts';

const shop = testShopPerFile();
let saved: Blob[] = [];

beforeEach(() => {
  saved = [];
  // jsdom has no object URLs: keep what the page hands the browser to save.
  URL.createObjectURL = vi.fn((blob: Blob) => {
    saved.push(blob);
    return 'blob:test';
  });
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('Back office: CSV export', () => {
  it('downloads the orders of the last 30 days by default, with the staff token', async () => {
    const { store } = await account(shop, true);
    const { number } = await seedOrder(shop, { email: 'csv@example.com' });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    shop.renderPage(<CsvExport />, store);
    const { from, to } = lastThirtyDays();
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe(from);
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe(to);

    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    const name = `orders-${from}-${to}.csv`;
    expect(await screen.findByText(`Downloaded ${name}.`, {}, { timeout: 5000 })).toBeTruthy();
    expect(shop.requests).toContain(`GET /functions/v1/admin-orders-csv?from=${from}&to=${to}`);
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(clicked.mock.contexts[0]).toMatchObject({ download: name });
    expect(saved).toHaveLength(1);
    const csv = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(saved[0]!);
    });
    expect(csv).toContain(number);
    expect(csv).toContain('csv@example.com');
  });

  it('refuses a range that ends before it starts, and shows the server’s refusal', async () => {
    const { store } = await account(shop, true);
    shop.renderPage(<CsvExport />, store);
    const fromField = screen.getByLabelText('From');
    await userEvent.clear(fromField);
    await userEvent.type(fromField, '2026-12-31');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await findAlert('The start date must not be after the end date.');
    expect(shop.requests.some((r) => r.includes('admin-orders-csv'))).toBe(false);

    await userEvent.clear(fromField);
    await userEvent.type(fromField, '2026-01-01');
    shop.failNext(
      /admin-orders-csv/,
      () =>
        new Response(
          JSON.stringify({ error: 'invalid_request', message: 'The range is too long.' }),
          {
            status: 400,
            headers: { 'content-type': 'application/json' },
          },
        ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await findAlert('The CSV could not be downloaded: The range is too long.');
    expect(saved).toHaveLength(0);
  });
});
