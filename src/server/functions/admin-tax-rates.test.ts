// /functions/v1/admin-tax-rates against the real payments sandbox: staff make, list and archive
// the owner's rates; a US rate is for one state and added on top of prices; anyone else is
// refused. The shop's one tax setting is staff's to read and change through the data API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signUpStaff,
  startTestServer,
  type PayingTestServer,
  type Shopper,
} from '../test-support/index.ts';

type Json = Record<string, unknown>;

describe('admin-tax-rates', () => {
  let server: PayingTestServer;
  let staff: Shopper & { token: string };
  let shopper: Shopper;

  beforeAll(async () => {
    server = await startTestServer({ payments: true });
    staff = await signUpStaff(server);
    shopper = await server.signUp('shopper');
  });
  afterAll(() => server?.close());

  async function call(path: string, body?: unknown, token: string | null = staff.token) {
    const res = await server.call(`/functions/v1/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(token ? { token } : {}),
    });
    return { status: res.status, body: (await res.json()) as Json };
  }
  const list = async () => {
    const answer = await call('admin-tax-rates');
    expect(answer.status).toBe(200);
    return answer.body.taxRates as Json[];
  };
  const CA = {
    displayName: 'CA sales tax',
    percentage: 7.25,
    country: 'us',
    state: 'ca',
    inclusive: false,
  };

  it('makes a US state rate and an inclusive VAT rate, listed newest first', async () => {
    const ca = await call('admin-tax-rates', CA);
    expect(ca).toEqual({
      status: 200,
      body: {
        taxRate: {
          id: expect.stringMatching(/^txr_/),
          displayName: 'CA sales tax',
          percentage: 7.25,
          country: 'US',
          state: 'CA',
          inclusive: false,
          active: true,
          created: expect.any(Number),
        },
      },
    });
    const vat = { displayName: 'VAT', percentage: 19.0001, country: 'DE', inclusive: true };
    const de = await call('admin-tax-rates', vat);
    expect(de.body.taxRate).toMatchObject({ ...vat, state: null, active: true });
    const rates = await list();
    expect(rates.map((r) => r.displayName)).toEqual(['VAT', 'CA sales tax']);
    // The provider holds them as made.
    const held = await server.stripe.taxRates.retrieve((ca.body.taxRate as Json).id as string);
    expect(held).toMatchObject({ percentage: 7.25, country: 'US', state: 'CA', inclusive: false });
  });

  it('makes one rate however often the same request is sent', async () => {
    const request = { ...CA, displayName: 'NY sales tax', state: 'NY', requestId: 'form-1' };
    const first = await call('admin-tax-rates', request);
    expect(await call('admin-tax-rates', request)).toEqual(first);
    expect((await list()).filter((r) => r.displayName === 'NY sales tax')).toHaveLength(1);
  });

  it('archives a rate: still listed, no longer active', async () => {
    const made = await call('admin-tax-rates', { ...CA, displayName: 'Old rate', percentage: 7 });
    const id = (made.body.taxRate as Json).id as string;
    const archived = await call(`admin-tax-rates/${id}`, { active: false });
    expect(archived.status).toBe(200);
    expect(archived.body.taxRate).toMatchObject({ id, active: false, percentage: 7 });
    expect((await list()).find((r) => r.id === id)).toMatchObject({ active: false });
    expect((await server.stripe.taxRates.retrieve(id)).active).toBe(false);
  });

  it.each([
    ['a US rate inside prices', { ...CA, inclusive: true }, /inclusive: A US rate is added on top/],
    [
      'a US rate without a state',
      { ...CA, state: undefined },
      /state: A US rate needs its 2-letter state/,
    ],
    ['a US rate with a long state', { ...CA, state: 'CAL' }, /2-letter state/],
    ['a percentage over 100', { ...CA, percentage: 100.5 }, /percentage/],
    ['a negative percentage', { ...CA, percentage: -1 }, /percentage/],
    ['five decimals', { ...CA, percentage: 7.12345 }, /at most 4 decimals/],
    ['a 3-letter country', { ...CA, country: 'USA' }, /country: Use a 2-letter country code/],
    ['no name', { ...CA, displayName: ' ' }, /displayName/],
    ['no inclusive', { ...CA, inclusive: undefined }, /inclusive/],
  ])('refuses %s with 400 invalid_request, making nothing', async (_, body, message) => {
    const before = await list();
    const answer = await call('admin-tax-rates', body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('invalid_request');
    expect(answer.body.message).toMatch(message);
    expect(await list()).toEqual(before);
  });

  it('refuses an unknown rate (404) and a bad body (400)', async () => {
    const unknown = await call('admin-tax-rates/txr_nothing', { active: false });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('tax_rate_not_found');
    const [rate] = await list();
    expect((await call(`admin-tax-rates/${rate!.id as string}`, { active: 1 })).status).toBe(400);
  });

  it('refuses anonymous callers (401) and shoppers (403), changing nothing', async () => {
    const before = await list();
    expect((await call('admin-tax-rates', undefined, null)).status).toBe(401);
    expect((await call('admin-tax-rates', CA, null)).status).toBe(401);
    const id = before[0]!.id as string;
    for (const [path, body] of [
      ['admin-tax-rates', undefined],
      ['admin-tax-rates', CA],
      [`admin-tax-rates/${id}`, { active: false }],
    ] as const) {
      expect(await call(path, body, shopper.accessToken)).toMatchObject({
        status: 403,
        body: { error: 'not_staff' },
      });
    }
    expect(await list()).toEqual(before);
  });

  it('lets staff, and only staff, read and change whether shipping is taxable', async () => {
    const rest = (token: string, init: RequestInit = {}) =>
      server.call('/rest/v1/shop_settings?id=eq.true&select=shipping_taxable', { ...init, token });
    expect(await (await rest(staff.token)).json()).toEqual([{ shipping_taxable: false }]);
    const change = (token: string) =>
      rest(token, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', prefer: 'return=representation' },
        body: JSON.stringify({ shipping_taxable: true }),
      });
    expect(await (await change(shopper.accessToken)).json()).toEqual([]);
    expect(await (await change(staff.token)).json()).toEqual([{ shipping_taxable: true }]);
    expect(await (await rest(shopper.accessToken)).json()).toEqual([]);
  });
});
