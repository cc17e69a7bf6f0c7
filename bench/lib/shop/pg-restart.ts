// The PostgreSQL-restart scenario of `npm run crash` and `npm run load` (`--scenario=pg-restart`):
// two server instances on one database of a private PostgreSQL cluster (initdb in a temp directory,
// its own port; the shared server is never touched), shoppers checking out and reading their order
// history, and the database restarted again and again, fast and immediate in turn. The instances
// must stay up, answer nothing but their answers and 503s, and afterwards every paid session must
// have its order rows exactly once (nothing lost, doubled or orphaned).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  buildIfStale,
  COMPILED_SERVER,
  freePort,
  spawnServer,
  type ServerProcess,
} from '../../../src/server/test-support/launch.ts';
import { startPrivateCluster } from '../../../src/server/test-support/private-postgres.ts';
import { shopCatalogue } from './catalogue.ts';
import { parsePage, Recorder, ShopError, Shopper } from './client.ts';
import { readOrders, readSandbox, reconcile, waitForWebhooks } from './reconcile.ts';
import { restock } from './restock.ts';
import { signUpGate } from './sign-ups.ts';
import { randomCart } from './shoppers.ts';

export interface PgRestartOptions {
  shoppers: number;
  seconds: number;
  /** Pause between restarts; they alternate fast and immediate. */
  restartEveryMs: number;
  /** Pause between a shopper's steps. */
  thinkMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs the scenario; resolves the checks (description, passed) and prints nothing. */
export async function runPgRestartScenario(options: PgRestartOptions): Promise<{
  summary: string;
  checks: [string, boolean][];
  errorLines: string[];
}> {
  buildIfStale();
  const cluster = await startPrivateCluster();
  const base = await mkdtemp(path.join(os.tmpdir(), 'keebshop-pg-restart-'));
  const started: ServerProcess[] = [];
  try {
    const admin = new pg.Client({ connectionString: cluster.url() });
    await admin.connect();
    await admin.query('CREATE DATABASE shop');
    await admin.end();
    const databaseUrl = cluster.url('shop');
    const sandboxPort = await freePort();
    const logFiles: string[] = [];
    const ports = [await freePort(), await freePort()];
    // Instances behind one balancer share one public origin (docs/operations.md): the token issuer.
    const publicUrl = `http://127.0.0.1:${ports[0]}`;
    for (let i = 0; i < 2; i++) {
      const logFile = path.join(base, `instance-${i}.log`);
      logFiles.push(logFile);
      const instance = spawnServer({
        entry: COMPILED_SERVER,
        dataDir: path.join(base, `instance-${i}`),
        port: ports[i]!,
        sandboxPort,
        databaseUrl,
        output: { logFile },
        env: { TRUST_PROXY: 'true', PUBLIC_URL: publicUrl },
      });
      started.push(instance);
      await instance.ready();
    }
    // A new shop's 50 units of each product sell out within seconds at this load; every checkout
    // after would be refused and counted as a failure (restock.ts).
    await restock(started[0]!.origin, started[0]!.options.dataDir, databaseUrl);
    const origins = started.map((s) => s.origin);
    const recorder = new Recorder();
    const { anonKey, assets } = parsePage(await (await fetch(`${origins[0]}/keebshop/`)).text());
    const catalogue = await shopCatalogue(origins[0]!, anonKey);
    const deadline = Date.now() + options.seconds * 1000;
    let unavailable = 0;
    let unexpected = 0;
    const samples: string[] = [];

    /** Repeats a step while the shop answers 503 (the database is away); counts anything else. */
    async function untilServed<T>(step: () => Promise<T>): Promise<T> {
      for (;;) {
        try {
          return await step();
        } catch (err) {
          const down = started.find((s) => s.child.exitCode !== null || s.child.signalCode);
          if (down) throw new Error(`the instance on ${down.origin} exited: ${String(err)}`);
          if (err instanceof ShopError && err.message.includes('HTTP 503')) unavailable += 1;
          else {
            unexpected += 1;
            if (samples.length < 5) samples.push(String(err));
          }
          if (Date.now() > deadline + 120_000) throw err;
          await sleep(200);
        }
      }
    }

    let paid = 0;
    let confirmed = 0;
    const think = () => sleep(Math.random() * 2 * options.thinkMs);
    // Accounts are made as the default load run makes them (sign-ups.ts): this scenario does not
    // retry a 429 on purpose.
    const signUp = signUpGate();
    const shopping = Array.from({ length: options.shoppers }, async (_, i) => {
      const shopper = new Shopper({
        origins,
        anonKey,
        assets,
        ip: `10.8.${i >> 8}.${i & 255}`,
        recorder,
      });
      const email = `pg-restart-${Date.now()}-${i}@example.com`;
      await signUp(() => untilServed(() => shopper.signUp(email, 'restart password')));
      await untilServed(() => shopper.logIn(email, 'restart password'));
      for (let n = 0; Date.now() < deadline; n++) {
        const session = await untilServed(() => shopper.checkout(randomCart(catalogue)));
        await untilServed(() => shopper.pay(session));
        paid += 1;
        await think();
        await untilServed(() => shopper.history(shopper.userId));
        // Every third checkout is left to the webhook alone.
        if (n % 3 !== 2) {
          await untilServed(() => shopper.confirm(session.id));
          confirmed += 1;
        }
        await think();
      }
    });

    const restarts = { fast: 0, immediate: 0 };
    const restarting = (async () => {
      let mode: 'fast' | 'immediate' = 'fast';
      while (Date.now() + options.restartEveryMs < deadline) {
        await sleep(options.restartEveryMs);
        await cluster.restart(mode);
        restarts[mode] += 1;
        mode = mode === 'fast' ? 'immediate' : 'fast';
      }
    })();
    await Promise.all([restarting, ...shopping]);

    const aliveThroughout = started.every((s) => s.child.exitCode === null && !s.child.signalCode);
    const webhooksLeft = await waitForWebhooks(`http://127.0.0.1:${sandboxPort}`, 60_000);
    const exits: (number | string)[] = [];
    for (const instance of [...started].reverse()) exits.push(await instance.stop());
    const source = { dataDir: base, databaseUrl };
    const result = reconcile((await readSandbox(source)).sessions, await readOrders(source));
    const errorLines: string[] = [];
    for (const file of logFiles) {
      const log = await readFile(file, 'utf8').catch(() => '');
      errorLines.push(
        ...log.split('\n').filter((l) => /"level":(50|60)|^\w*Error\b|Uncaught/.test(l)),
      );
    }
    const checks: [string, boolean][] = [
      [
        `restarts: ${restarts.fast} fast, ${restarts.immediate} immediate (>= 1 each)`,
        restarts.fast >= 1 && restarts.immediate >= 1,
      ],
      ['both instances kept running through every restart', aliveThroughout],
      [
        `answers while the database was away: ${unavailable} 503s, ${unexpected} other failures (0)`,
        unexpected === 0,
      ],
      [
        `paid sessions ${result.paidSessions} = checkouts paid ${paid}`,
        result.paidSessions === paid,
      ],
      [`webhooks all delivered (${webhooksLeft} left)`, webhooksLeft === 0],
      [
        `order rows ${result.orderRows} = paid lines ${result.expectedRows}; lost ${result.lost.length}, doubled ${result.doubled.length}, orphans ${result.orphans}, wrong owner ${result.wrongOwner}`,
        result.ok && result.orderRows === result.expectedRows,
      ],
      [`no error in the server logs (${errorLines.length})`, errorLines.length === 0],
      [`clean stops (exits ${exits.join(', ')})`, exits.every((code) => code === 0)],
    ];
    for (const sample of samples) errorLines.push(`failure: ${sample}`);
    return {
      summary: `pg-restart: ${options.shoppers} shoppers, ${options.seconds} s, ${paid} checkouts paid (${confirmed} confirmed by the page)`,
      checks,
      errorLines,
    };
  } finally {
    await Promise.all(started.map((s) => s.stop('SIGKILL')));
    await cluster.stop();
    await rm(base, { recursive: true, force: true });
  }
}

/** Prints the scenario's checks; resolves the exit code (0: all passed). */
export async function reportPgRestartScenario(options: PgRestartOptions): Promise<number> {
  const { summary, checks, errorLines } = await runPgRestartScenario(options);
  console.log(summary);
  for (const [what, ok] of checks) console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  for (const line of errorLines.slice(0, 5)) console.log(`  log: ${line.slice(0, 300)}`);
  return checks.every(([, ok]) => ok) ? 0 : 1;
}
