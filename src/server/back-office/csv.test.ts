// The orders export over HTTP, on each database: the orders of the dates asked (UTC, inclusive),
// fields quoted so a spreadsheet reads them back as typed, and bad dates refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseTargets,
  seedOrders,
  signUpStaff,
  startTestServer,
  type TestServer,
} from '../test-support/index.ts';
import { CsvNumber, csvField } from './csv.ts';

describe('csvField', () => {
  it('quotes every text cell, doubling quotes, and writes amounts as they are', () => {
    expect(csvField('Oslo')).toBe('"Oslo"');
    expect(csvField('Smith, Jr.')).toBe('"Smith, Jr."');
    expect(csvField('The "Board"')).toBe('"The ""Board"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField(null)).toBe('');
    expect(csvField(1299)).toBe('1299');
    expect(csvField(new CsvNumber('12.50'))).toBe('12.50');
    expect(() => new CsvNumber('=1+2')).toThrow(TypeError);
  });

  it('defuses formulas at the start and after any separator a spreadsheet may split on', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    // Excel in a semicolon locale ignores the quotes of a comma-separated file and splits here.
    expect(csvField('Bob;=1+2;')).toBe(`"Bob;'=1+2;"`);
    expect(csvField('a,+b\t-c|@d')).toBe(`"a,'+b\t'-c|'@d"`);
    expect(csvField('Anne-Marie 4-B')).toBe('"Anne-Marie 4-B"');
  });
});

describe.each(databaseTargets())('admin-orders-csv on $name', (target) => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ target });
    token = (await signUpStaff(server)).token;
    const buyer = await server.signUp('buyer');
    for (const at of ['2026-03-31T23:59:59Z', '2026-04-01T00:00:00Z', '2026-04-30T23:59:59Z']) {
      await seedOrders(server.db, buyer.id, [
        { product_name: 'Board', price: '10.50', created_at: at },
      ]);
    }
    await server.db.query(
      `UPDATE public.shop_orders SET shipping_name = 'Smith, "Jo"', shipping_cents = 500,
         total_cents = total_cents + 500, shipping_method = 'Standard',
         shipping_address = '{"city":"=Oslo","country":"NO"}'
       WHERE created_at = '2026-04-01T00:00:00Z'`,
    );
    // A code and sales tax on the order of the 30th: $10.50 − $2.10 + $0.61 tax.
    await server.db.query(
      `UPDATE public.shop_orders SET discount_code = 'SPRING-20', discount_cents = 210,
         tax_cents = 61, total_cents = 1050 - 210 + 61
       WHERE created_at = '2026-04-30T23:59:59Z'`,
    );
  });
  afterAll(() => server?.close());

  const get = (query: string) => server.call(`/functions/v1/admin-orders-csv?${query}`, { token });

  it('exports the orders placed on the dates asked, both included, as an attachment', async () => {
    const res = await get('from=2026-04-01&to=2026-04-30');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="orders-2026-04-01-2026-04-30.csv"',
    );
    const lines = (await res.text()).split('\r\n');
    expect(lines[0]).toBe(
      // Columns added later come last: a reader of the earlier ones by position is unaffected.
      '"Order","Placed at (UTC)","Status","Email","Shipping name","City","Country","Shipping method","Subtotal (USD)","Shipping (USD)","Total (USD)","Refunded (USD)","Carrier","Tracking number","Discount code","Discount (USD)","Tax (USD)"',
    );
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(
        /^"KS-\d+","2026-04-01T00:00:00Z","paid","buyer-.*@keebshop\.test","Smith, ""Jo""","'=Oslo","NO","Standard",10\.50,5\.00,15\.50,0\.00,,,,0\.00,0\.00$/,
      ),
      expect.stringMatching(
        /^"KS-\d+","2026-04-30T23:59:59Z","paid",".*",,,,,10\.50,0\.00,9\.01,0\.00,,,"SPRING-20",2\.10,0\.61$/,
      ),
      '',
    ]);
  });

  it('refuses dates that are not YYYY-MM-DD, or from after to, with 400', async () => {
    for (const query of [
      'from=2026-04-01',
      'from=04/01/2026&to=2026-04-30',
      'from=2026-02-30&to=2026-03-01',
      'from=2026-05-01&to=2026-04-01',
    ]) {
      const res = await get(query);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe('invalid_request');
    }
  });
});
