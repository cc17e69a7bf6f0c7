// The real payments sandbox for a test shop: on a free loopback port, its keys and state kept in
// the shop's database (as main.ts keeps them), optionally behind a proxy that rewrites its answers.
import type Stripe from 'stripe';
import { createSandbox } from '../../payments-sandbox/index.ts';
import type { Database } from '../db/types.ts';
import { listen } from './listen.ts';
import {
  databaseSandboxStore,
  loadSandboxKeys,
  paymentsFor,
  sandboxStripeClient,
  type Payments,
  type SandboxKeys,
} from '../payments/index.ts';

export interface SandboxOptions {
  /** Where the sandbox delivers its webhooks; unset: tests deliver them with shop.webhook(). */
  webhookUrl?: string;
  /** Rewrites the sandbox's JSON answers on their way to the SDK (data a provider might send). */
  rewrite?: (path: string, body: Record<string, unknown>) => Record<string, unknown>;
}

export interface TestSandbox {
  url: string;
  keys: SandboxKeys;
  /** The stripe SDK pointed at the sandbox itself: reads sessions back as the provider holds them. */
  stripe: Stripe;
  /** Payments for one app instance, with an SDK client of its own as a separate process has. */
  paymentsForInstance(): Payments;
  close(): Promise<void>;
}

function pick(headers: Headers, names: string[]): Record<string, string> {
  return Object.fromEntries(
    names.flatMap((n) => (headers.has(n) ? [[n, headers.get(n) ?? '']] : [])),
  );
}

export async function startTestSandbox(
  db: Database,
  options: SandboxOptions,
): Promise<TestSandbox> {
  const keys = await loadSandboxKeys(db);
  const running = await createSandbox({
    storage: { store: databaseSandboxStore(db) },
    ...keys,
    ...(options.webhookUrl ? { webhookUrl: options.webhookUrl } : {}),
    webhookRetry: { initialDelayMs: 50, maxDelayMs: 200 },
  }).start(0);
  const rewrite = options.rewrite;
  const proxy = rewrite
    ? await listen(async (request) => {
        const url = new URL(request.url);
        const upstream = await fetch(`${running.url}${url.pathname}${url.search}`, {
          method: request.method,
          headers: pick(request.headers, ['authorization', 'content-type', 'stripe-version']),
          ...(request.method === 'GET' ? {} : { body: await request.text() }),
        });
        const body = (await upstream.json()) as Record<string, unknown>;
        const headers = {
          'content-type': 'application/json',
          'request-id': upstream.headers.get('request-id') ?? '',
        };
        return new Response(JSON.stringify(upstream.ok ? rewrite(url.pathname, body) : body), {
          status: upstream.status,
          headers,
        });
      })
    : undefined;
  return {
    url: running.url,
    keys,
    stripe: sandboxStripeClient(keys.secretKey, running.port),
    paymentsForInstance: () =>
      paymentsFor({
        stripe: sandboxStripeClient(keys.secretKey, proxy?.port ?? running.port),
        webhookSecret: keys.webhookSecret,
        checkoutOrigin: running.url,
      }),
    async close() {
      await running.close();
      await proxy?.close();
    },
  };
}
