// Stock for a load run: a new shop has 50 units of each product and colour, which a hundred
// shoppers sell out within seconds; every checkout after that is refused ("Only 2 left"), and
// the run measures refusals instead of sales. A staff account sets every product and colour to
// the most the back office allows, through the shop's own API, before the shoppers start.
import { MAX_ON_HAND } from '../../../src/contracts/index.ts';
import { shopCatalogue } from './catalogue.ts';
import { parsePage, Recorder } from './client.ts';
import { staffAccount } from './staff-worker.ts';

/** Sets every product and colour to MAX_ON_HAND; `databaseUrl` when the shop runs on PostgreSQL. */
export async function restock(
  origin: string,
  dataDir: string,
  databaseUrl?: string,
): Promise<number> {
  const { anonKey, assets } = parsePage(await (await fetch(`${origin}/keebshop/`)).text());
  const options = {
    origins: [origin],
    anonKey,
    assets,
    ip: '10.255.0.1',
    recorder: new Recorder(),
  };
  const staff = await staffAccount(options, dataDir, Date.now() + 60_000, {
    label: 'load-staff',
    ...(databaseUrl ? { databaseUrl } : {}),
  });
  let rows = 0;
  for (const product of (await shopCatalogue(origin, anonKey)).products) {
    for (const color of product.availableColors) {
      await staff.request('POST admin-stock', staff.url('/functions/v1/admin-stock'), {
        method: 'POST',
        headers: { ...staff.headers(), 'Content-Type': 'application/json' },
        body: JSON.stringify({ productKey: product.key, color, onHand: MAX_ON_HAND }),
      });
      rows += 1;
    }
  }
  return rows;
}
