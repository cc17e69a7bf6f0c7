// Hands each Vitest worker its shop host (forked.ts): started on the first request for that worker
// (VITEST_POOL_ID), kept for the run, stopped when the run ends. Runs in Vitest's main process,
// from tests/setup/shop-hosts.global.ts.
import { forkShopHost, stopShopHost, type ShopHost } from './forked.ts';
import { listen, type Listener } from './listen.ts';

export interface ShopHostBroker {
  url: string;
  close(): Promise<void>;
}

/** Starts the broker on a loopback port: GET /hosts/<worker> answers that worker's host. */
export async function startShopHostBroker(): Promise<ShopHostBroker> {
  const hosts = new Map<string, Promise<ShopHost>>();
  const listener: Listener = await listen(async (request) => {
    const match = /^\/hosts\/([\w-]+)$/.exec(new URL(request.url).pathname);
    if (request.method !== 'GET' || !match) return new Response(null, { status: 404 });
    const worker = match[1] as string;
    let host = hosts.get(worker);
    if (!host) hosts.set(worker, (host = forkShopHost()));
    try {
      const { controlUrl, token } = await host;
      return Response.json({ controlUrl, token });
    } catch (err) {
      hosts.delete(worker);
      return Response.json({ error: String(err) }, { status: 500 });
    }
  });
  return {
    url: listener.url,
    async close() {
      await listener.close();
      const started = await Promise.allSettled(hosts.values());
      await Promise.all(
        started.flatMap((s) => (s.status === 'fulfilled' ? [stopShopHost(s.value)] : [])),
      );
    },
  };
}
