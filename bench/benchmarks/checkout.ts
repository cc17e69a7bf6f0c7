// checkout: requests/s and p50/p99 latency of (a) creating a Checkout Session (POST
// /functions/v1/checkout: validate the cart, price it from the catalogue, create the session on the
// payments sandbox through the stripe SDK) and (b) confirming a paid session (POST
// /functions/v1/confirm-checkout: retrieve it with expanded line items, record its rows exactly
// once, which for an already recorded session writes nothing), beside a bare node:http hello
// server measured in the same run. On PGlite, and on PostgreSQL (DATABASE_URL, or a fresh database
// on the local server, over its Unix socket when that answers).
import path from 'node:path';
import type { Benchmark, Metric } from '../types.ts';
import {
  firstMessage,
  forkTs,
  load,
  loadMetrics,
  measureCeiling,
  type LoadResult,
} from './api-load.ts';
import { BENCH_CART, type CheckoutBenchServer } from './checkout-shared.ts';
import { measureTargets, type DatabaseTarget } from '../lib/postgres.ts';

const CONNECTIONS = Number(process.env.BENCH_CHECKOUT_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_CHECKOUT_SECONDS ?? 10);
const WARMUP_SECONDS = 2;

async function startCheckoutServer(databaseUrl: string | undefined) {
  const child = forkTs(path.join(import.meta.dirname, 'checkout-server.ts'), {
    DATABASE_URL: databaseUrl ?? '',
  });
  const server = await firstMessage<CheckoutBenchServer>(child);
  const exited = new Promise((r) => child.once('exit', r));
  return {
    server,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function headers(s: CheckoutBenchServer): Record<string, string> {
  return {
    apikey: s.anonKey,
    Authorization: `Bearer ${s.accessToken}`,
    'Content-Type': 'application/json',
  };
}

async function measureCreate(s: CheckoutBenchServer, seconds: number): Promise<LoadResult> {
  const url = `${s.origin}/functions/v1/checkout`;
  const body = JSON.stringify(BENCH_CART);
  // The measured request must really create a session, or the numbers mean nothing.
  const check = await fetch(url, { method: 'POST', headers: headers(s), body });
  const created = (await check.json()) as { id?: string };
  if (check.status !== 200 || !created.id?.startsWith('cs_test_')) {
    throw new Error(`checkout answered ${check.status}: ${JSON.stringify(created)}`);
  }
  return load({
    url,
    method: 'POST',
    headers: headers(s),
    connections: CONNECTIONS,
    seconds,
    requests: [{ method: 'POST', body }],
  });
}

async function measureConfirm(s: CheckoutBenchServer, seconds: number): Promise<LoadResult> {
  const url = `${s.origin}/functions/v1/confirm-checkout`;
  const check = await fetch(url, {
    method: 'POST',
    headers: headers(s),
    body: JSON.stringify({ session_id: s.paidSessionIds[0] }),
  });
  const outcome = (await check.json()) as { status?: string };
  if (check.status !== 200 || outcome.status !== 'saved') {
    throw new Error(`confirm answered ${check.status}: ${JSON.stringify(outcome)}`);
  }
  let next = 0;
  let notSaved = 0;
  const result = await load({
    url,
    method: 'POST',
    headers: headers(s),
    connections: CONNECTIONS,
    seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({ session_id: s.paidSessionIds[next++ % s.paidSessionIds.length] }),
        }),
        onResponse: (status, body) => {
          if (status === 200 && !body.includes('"status":"saved"')) notSaved += 1;
        },
      },
    ],
  });
  // An answer other than "saved" for a paid session is a failure, whatever its HTTP status.
  return { ...result, errors: result.errors + notSaved };
}

async function measureTarget(target: DatabaseTarget, databaseUrl: string | undefined) {
  const ceiling = await measureCeiling({
    connections: CONNECTIONS,
    warmupSeconds: WARMUP_SECONDS,
    seconds: SECONDS,
  });
  const { server, stop } = await startCheckoutServer(databaseUrl);
  try {
    await measureCreate(server, WARMUP_SECONDS);
    const create = await measureCreate(server, SECONDS);
    const confirm = await measureConfirm(server, SECONDS);
    const metrics: Metric[] = [
      { name: `${target} hello ceiling`, value: ceiling.rps, unit: 'req/s' },
      ...loadMetrics(target, 'checkout session create', create, ceiling, {
        connections: CONNECTIONS,
      }),
      ...loadMetrics(target, 'confirm (paid, recorded once)', confirm, ceiling, {
        connections: CONNECTIONS,
      }),
    ];
    return { metrics, details: { ceiling, create, confirm } };
  } finally {
    await stop();
  }
}

async function run() {
  const measured = await measureTargets('checkout', ['pglite', 'postgres'], measureTarget);
  return {
    metrics: measured.metrics,
    details: { connections: CONNECTIONS, seconds: SECONDS, ...measured.details },
  };
}

export const checkout: Benchmark = {
  name: 'checkout',
  description: 'checkout session create and confirm throughput/latency vs a bare node:http ceiling',
  run,
};
