// GET /healthz answers 200 only when the shop can take orders: a database round trip, room on the
// disk under DATA_DIR (PGlite), and a payment provider that answers; otherwise 503 naming the
// failing check. The provider check is a network call, so its result is kept briefly.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type RunningSandbox } from '../../payments-sandbox/index.ts';
import { composeApp } from '../compose.ts';
import { loadConfig } from '../config.ts';
import { databaseSandboxStore, loadSandboxKeys, paymentsFor } from '../payments/index.ts';
import { databaseTargets, type TestDatabase } from '../test-support/index.ts';
import { PAYMENTS_CHECK_TTL_MS } from './health.ts';

describe.each(databaseTargets())('GET /healthz on $name', (target) => {
  let db: TestDatabase;
  let sandbox: RunningSandbox | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'keebshop-healthz-'));
  writeFileSync(path.join(dataDir, 'index.html'), '<!doctype html><html><head></head></html>');
  let offset = 0;
  const now = () => new Date(Date.now() + offset);

  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(async () => {
    await sandbox?.close();
    await db?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function appWith(env: Record<string, string> = {}, database: TestDatabase = db) {
    const keys = await loadSandboxKeys(database);
    sandbox ??= await createSandbox({
      storage: { store: databaseSandboxStore(database) },
      ...keys,
    }).start(0);
    // The client sandboxStripeClient makes, with the SDK's own HTTP client recording how each
    // attempt ended: a status code, or the error's code.
    const attempts: string[] = [];
    const http = Stripe.createNodeHttpClient();
    const recording: typeof http = Object.assign(Object.create(http) as typeof http, {
      makeRequest: (...args: Parameters<typeof http.makeRequest>) =>
        http.makeRequest(...args).then(
          (res) => {
            attempts.push(String(res.getStatusCode()));
            return res;
          },
          (err: NodeJS.ErrnoException) => {
            attempts.push(err.code ?? String(err));
            throw err;
          },
        ),
    });
    const stripe = new Stripe(keys.secretKey, {
      host: '127.0.0.1',
      port: sandbox.port,
      protocol: 'http',
      telemetry: false,
      httpClient: recording,
    });
    const payments = paymentsFor({
      stripe,
      webhookSecret: keys.webhookSecret,
      checkoutOrigin: sandbox.url,
    });
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
    const { app } = await composeApp({
      config,
      db: database,
      webDir: dataDir,
      isReady: () => true,
      now,
      payments,
    });
    const healthz = async () => {
      const res = await app.request('/healthz');
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    return Object.assign(healthz, { attempts });
  }

  it('answers 200 with every check ok', async () => {
    const healthz = await appWith();
    const { status, body } = await healthz();
    expect(status).toBe(200);
    expect(body).toEqual({
      status: 'ok',
      checks: {
        database: 'ok',
        payments: 'ok',
        // Free space is the embedded database's concern; PostgreSQL's disk is its server's.
        ...(target.name === 'pglite' ? { disk: 'ok' } : {}),
      },
    });
  });

  it('answers 503 naming the disk when DATA_DIR has less free space than the minimum (PGlite only)', async () => {
    // More than any disk holds: the check must fail, and say how much is free.
    const healthz = await appWith({ DATA_DIR_MIN_FREE_MB: String(1024 * 1024 * 1024) });
    const { status, body } = await healthz();
    if (target.name === 'postgres') {
      // PostgreSQL keeps its data on its own server's disk: not this instance's DATA_DIR.
      expect({ status, body }).toEqual({
        status: 200,
        body: { status: 'ok', checks: { database: 'ok', payments: 'ok' } },
      });
      return;
    }
    expect(status).toBe(503);
    expect(body).toMatchObject({
      status: 'unavailable',
      failing: ['disk'],
      checks: {
        database: 'ok',
        payments: 'ok',
        disk: expect.stringMatching(/^\d+ MB free under DATA_DIR, below the \d+ MB minimum$/),
      },
    });
  });

  it('answers 503 naming the payment provider once it stops answering, checked at most every 10 s', async () => {
    const healthz = await appWith();
    expect((await healthz()).status).toBe(200);
    await sandbox?.close();
    sandbox = undefined;
    // The last answer is kept: a balancer polling /healthz does not call the provider every time.
    expect((await healthz()).status).toBe(200);
    offset += PAYMENTS_CHECK_TTL_MS + 1;
    // /healthz stays fast with the provider gone: its check makes one attempt, a refused
    // connection, and no retry with the SDK's backoff (half a second, then doubling). The SDK
    // still retries once a kept-alive connection the provider had closed, which it meets first
    // or not depending on whether this process has seen that close yet. Counted, not timed.
    healthz.attempts.length = 0;
    const { status, body } = await healthz();
    const seen = `attempts: ${healthz.attempts.join(', ')}`;
    expect(healthz.attempts.at(-1), seen).toBe('ECONNREFUSED');
    const closed = healthz.attempts.slice(0, -1);
    expect(
      closed.every((a) => a === 'ECONNRESET' || a === 'EPIPE'),
      seen,
    ).toBe(true);
    expect(healthz.attempts.length, seen).toBeLessThanOrEqual(2);
    expect(status).toBe(503);
    expect(body).toMatchObject({
      status: 'unavailable',
      failing: ['payments'],
      checks: { database: 'ok', payments: expect.stringMatching(/^the sandbox did not answer/) },
    });
  });

  it('answers 503 naming the database when it does not answer', async () => {
    const own = await target.open();
    const healthz = await appWith({}, own);
    expect((await healthz()).status).toBe(200);
    await own.close();
    const { status, body } = await healthz();
    expect(status).toBe(503);
    expect(body).toMatchObject({
      status: 'unavailable',
      failing: ['database'],
      checks: {
        database: expect.stringMatching(/^no round trip \((timed out|failed|[0-9A-Z]+)\)$/),
        payments: 'ok',
      },
    });
  });
});
