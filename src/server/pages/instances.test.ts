// Product pages follow the catalogue on every instance (docs/decisions/0049-server-rendered-product-pages.md):
// each instance keeps rendered pages and asks for the catalogue's version about once a second, so
// a change staff make reaches every instance's pages within seconds, with no message between them.
// On both engines: on PostgreSQL each instance has its own pool, as separate servers would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseTargets,
  signUpStaff,
  startTestServer,
  waitFor,
  type TestServer,
} from '../test-support/index.ts';

describe.each(databaseTargets())('product pages on two instances on $name', (target) => {
  let server: TestServer;
  let staffToken: string;
  beforeAll(async () => {
    server = await startTestServer({ target, instances: 2 });
    staffToken = (await signUpStaff(server)).token;
  });
  afterAll(() => server?.close());

  const page = (app: TestServer['app'], path: string) =>
    app.request(`http://localhost/keebshop/products/${path}`, { redirect: 'manual' });
  const priceOn = async (app: TestServer['app'], path: string) => {
    const html = await (await page(app, path)).text();
    return /class="product-dialog__price price">([^<]*)</.exec(html)?.[1];
  };

  it('shows a price staff change on every instance within seconds', async () => {
    const [one, two] = server.apps as [TestServer['app'], TestServer['app']];
    // Both instances have rendered the page and keep it.
    expect([
      await priceOn(one, 'ergonomic-keyboard'),
      await priceOn(two, 'ergonomic-keyboard'),
    ]).toEqual(['$100', '$100']);
    const staff = server.restClient(staffToken);
    const changed = await staff
      .from('products')
      .update({ price_cents: 13500 })
      .eq('key', 'keyboards:3');
    expect(changed.error).toBeNull();
    const started = Date.now();
    for (const app of [one, two]) {
      await waitFor(
        async () => ((await priceOn(app, 'ergonomic-keyboard')) === '$135' ? true : undefined),
        5_000,
      );
    }
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('sends a former address to the new one after staff change it', async () => {
    const [one, two] = server.apps as [TestServer['app'], TestServer['app']];
    expect((await page(two, 'gaming-keyboard-x')).status).toBe(200);
    const staff = server.restClient(staffToken);
    const renamed = await staff
      .from('products')
      .update({ url_key: 'gaming-keyboard-x-tkl' })
      .eq('key', 'keyboards:2');
    expect(renamed.error).toBeNull();
    for (const app of [one, two]) {
      const res = await waitFor(async () => {
        const answer = await page(app, 'gaming-keyboard-x');
        return answer.status === 301 ? answer : undefined;
      }, 5_000);
      expect(res.headers.get('location')).toBe('/keebshop/products/gaming-keyboard-x-tkl');
    }
    // The history is the server's alone: no client reads it.
    const history = await staff.from('product_url_history').select('*');
    expect(history.error?.code).toBe('42501');
  });
});
