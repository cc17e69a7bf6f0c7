// Vitest global set-up: the broker that gives each worker one shop host for the web component
// tests (src/server/test-support/forked.ts), and stops the hosts when the run ends.
import { BROKER_ENV } from '../../src/server/test-support/forked.ts';
import { startShopHostBroker } from '../../src/server/test-support/shop-host-broker.ts';

export default async function startBroker(): Promise<() => Promise<void>> {
  const broker = await startShopHostBroker();
  process.env[BROKER_ENV] = broker.url;
  return async () => {
    delete process.env[BROKER_ENV];
    await broker.close();
  };
}
