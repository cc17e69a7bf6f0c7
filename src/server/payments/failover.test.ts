// Several instances on one database, one payments sandbox on SANDBOX_PORT: when the instance
// serving it dies, whichever instance starts the next one serves the same sessions, so a session
// paid before the death is still confirmed and recorded, whatever order instances restart in.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FunctionsClient } from '@supabase/functions-js';
import type { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { payForm, shippingFields } from '../../payments-sandbox/test-support.ts';
import { composeApp } from '../compose.ts';
import { loadConfig } from '../config.ts';
import { openPostgres } from '../db/postgres.ts';
import type { Database } from '../db/types.ts';
import {
  authClientFor,
  databaseTargets,
  functionsClientFor,
  ordersOf,
  signUpThenIn,
  type ClientTarget,
  type TestDatabase,
  waitFor,
} from '../test-support/index.ts';
import type { Payments } from './provider.ts';
import { startPayments } from './start.ts';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

interface Instance {
  payments: Payments;
  app: Hono;
  to: ClientTarget;
  /** Kills it as far as payments go: its sandbox stops serving and its port is free. */
  die(): Promise<void>;
}

/** One shop instance as main.ts runs it: a DATA_DIR and (on PostgreSQL) a pool of its own. */
async function startInstance(shared: TestDatabase, sandboxPort: number): Promise<Instance> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'keebshop-failover-'));
  cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
  writeFileSync(path.join(dataDir, 'index.html'), '<!doctype html><title>shop</title>');
  const db: Database = shared.url ? await openPostgres(shared.url, 3) : shared;
  if (db !== shared) cleanup.push(() => db.close());
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ALLOWED_HOSTS: 'keebshop.test',
  });
  const payments = await startPayments({
    settings: { provider: 'sandbox', port: sandboxPort },
    db,
    // Nothing listens there: these instances are confirmed by the page's call alone.
    webhookUrl: 'http://127.0.0.1:9/functions/v1/stripe-webhook',
  });
  let closed = false;
  const die = async () => {
    if (!closed) await payments.close();
    closed = true;
  };
  cleanup.push(die);
  const { app, auth } = await composeApp({
    config,
    db,
    webDir: dataDir,
    isReady: () => true,
    payments,
  });
  const to: ClientTarget = {
    url: 'http://keebshop.test',
    anonKey: auth.anonKey,
    fetch: (input, init) => Promise.resolve(app.request(new Request(input, init))),
  };
  return { payments, app, to, die };
}

async function confirm(functions: FunctionsClient, sessionId: string) {
  const { data, error } = await functions.invoke<Record<string, unknown>>('confirm-checkout', {
    body: { session_id: sessionId },
  });
  if (error) return (await (error as { context: Response }).context.json()) as unknown;
  return data;
}

const CART = [{ key: 'switches:10', color: 'Yellow', quantity: 2 }];
const LINE = {
  price_data: { currency: 'usd', unit_amount: 250, product_data: { name: 'Yellow Switch' } },
  quantity: 1,
};

/** Pays with the address and the rate the shop's sessions ask for (the page's checked one). */
async function pay(url: string): Promise<Response> {
  const page = await (await fetch(url)).text();
  const rate = /name="shippingRate"\s+value="([^"]+)"/.exec(page)?.[1];
  const res = await payForm(url, rate ? { ...shippingFields, shippingRate: rate } : {});
  return res;
}

describe.each(databaseTargets())('the payments sandbox across instances on $name', (target) => {
  it('confirms a session paid before the sandbox’s instance died, on the sandbox started next', async () => {
    const db = await target.open();
    cleanup.push(() => db.close());
    const first = await startInstance(db, 0);
    const port = Number(new URL(first.payments.checkoutOrigin).port);
    const second = await startInstance(db, port); // uses the first one's sandbox
    const email = `failover-${Date.now()}@keebshop.test`;
    const signedIn = await signUpThenIn(authClientFor(second.to), email, 'failover password');
    const shopper = {
      accessToken: signedIn.access_token,
      functions: functionsClientFor(second.to, signedIn.access_token),
    };
    const { data: session } = await shopper.functions.invoke<{ id: string; url: string }>(
      'checkout',
      { body: { items: CART } },
    );
    expect((await pay(session!.url)).status).toBe(303);

    // The sandbox's instance dies; a third one starts before anyone else and takes the port.
    await first.die();
    const third = await startInstance(db, port);
    expect(third.payments.checkoutOrigin).toBe(first.payments.checkoutOrigin);
    const onThird = functionsClientFor(third.to, shopper.accessToken);
    expect(await confirm(onThird, session!.id)).toMatchObject({
      status: 'saved',
      paymentStatus: 'paid',
      saved: 1,
      skipped: 0,
    });
    expect((await ordersOf(db, session!.id)).map((r) => r.quantity)).toEqual([2]);
    // And a reload on the second instance, which reaches the new sandbox, agrees.
    expect(await confirm(shopper.functions, session!.id)).toMatchObject({ status: 'saved' });
  });

  it('lets an instance that uses another’s sandbox take its port over when that one dies', async () => {
    const db = await target.open();
    cleanup.push(() => db.close());
    const first = await startInstance(db, 0);
    const port = Number(new URL(first.payments.checkoutOrigin).port);
    const second = await startInstance(db, port);
    const session = await second.payments.stripe.checkout.sessions.create(
      { mode: 'payment', line_items: [LINE], success_url: 'http://shop.test/ok' },
      { maxNetworkRetries: 0 },
    );
    await first.die();
    // Within a few seconds, and with no instance restarted, the port answers again.
    let lastError: unknown;
    const again = await waitFor(() =>
      second.payments.stripe.checkout.sessions
        .retrieve(session.id, {}, { maxNetworkRetries: 0 })
        .catch((err: unknown) => void (lastError = err)),
    ).catch((err: unknown) => {
      throw lastError ?? err;
    });
    expect(again.status).toBe('open');
    expect((await pay(session.url!)).status).toBe(303);
  });
});
