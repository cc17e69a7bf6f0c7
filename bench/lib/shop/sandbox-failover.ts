// The sandbox-failover scenario of `npm run crash` and `npm run load` (`--scenario=
// sandbox-failover`): two real server processes on one fresh PostgreSQL database share the payments
// sandbox's port. While shoppers check out through both, the instance serving the sandbox is killed
// (SIGKILL) again and again: every other round it is simply restarted while the other takes the
// port over, and in the rounds between, the other is killed too and restarted FIRST (the order that
// used to leave a second, empty sandbox). Then: every paid session has its order rows exactly once,
// none is orphaned, no confirm found a paid session unknown, every webhook went out.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  buildIfStale,
  COMPILED_SERVER,
  freePort,
  spawnServer,
  type ServerProcess,
  type ServerProcessOptions,
} from '../../../src/server/test-support/launch.ts';
import { freshPostgresDatabase } from '../postgres.ts';
import { shopCatalogue } from './catalogue.ts';
import { parsePage, Recorder, retryUntil, Shopper } from './client.ts';
import { readOrders, readSandbox, reconcile, waitForWebhooks } from './reconcile.ts';
import { randomCart, runShoppers } from './shoppers.ts';

export interface FailoverOptions {
  /** crash: `checkouts` checkouts, each step retried until it succeeds; load: shoppers, `seconds`. */
  mode: 'crash' | 'load';
  checkouts: number;
  concurrency: number;
  shoppers: number;
  seconds: number;
  rampSeconds: number;
  /** Pause between kill rounds: a random time in this range. */
  minKillMs: number;
  maxKillMs: number;
  thinkMs: number;
  timeoutS: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Also counts confirms that found a paid session not paid or unknown to the provider. */
class FailoverRecorder extends Recorder {
  notPaid = 0;
  override fail(endpoint: string, message: string): void {
    if (endpoint.startsWith('POST confirm-checkout') && /status not_paid/.test(message)) {
      this.notPaid += 1;
    }
    super.fail(endpoint, message);
  }
}

/** Runs the scenario; resolves the checks (what, passed) it printed. */
export async function sandboxFailover(options: FailoverOptions): Promise<[string, boolean][]> {
  buildIfStale();
  const deadline = Date.now() + options.timeoutS * 1000;
  const base = await mkdtemp(path.join(os.tmpdir(), 'keebshop-failover-'));
  const database = await freshPostgresDatabase('failover');
  const sandboxPort = await freePort();
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const settings: ServerProcessOptions[] = [];
  const ports = [await freePort(), await freePort()];
  // Instances behind one balancer share one public origin (docs/operations.md): the token issuer.
  const publicUrl = `http://127.0.0.1:${ports[0]}`;
  for (const i of [0, 1]) {
    settings.push({
      entry: COMPILED_SERVER,
      dataDir: path.join(base, `instance-${i}`),
      port: ports[i]!,
      sandboxPort,
      databaseUrl: database.url,
      output: { logFile: path.join(base, `instance-${i}.log`) },
      env: { TRUST_PROXY: 'true', PUBLIC_URL: publicUrl },
    });
  }
  const servers: ServerProcess[] = [];
  let done = false;
  try {
    // One after the other: the first serves the sandbox, the second finds it on its port.
    for (const s of settings) {
      servers.push(spawnServer(s));
      await servers.at(-1)!.ready();
    }
    const origins = servers.map((s) => s.origin);
    const rounds = { failover: 0, badOrder: 0 };

    const restart = async (i: number) => {
      servers[i] = spawnServer(settings[i]!);
      await servers[i]!.ready();
    };
    const recorder = new FailoverRecorder();
    const killer = (async () => {
      // Mid-checkouts: from the first checkout on (the load run signs its shoppers up first).
      while (!done && !recorder.latencies.has('POST /functions/v1/checkout')) await sleep(100);
      while (!done) {
        await sleep(options.minKillMs + Math.random() * (options.maxKillMs - options.minKillMs));
        if (done) break;
        const pid = await servingPid(sandboxUrl);
        const x = servers.findIndex((s) => s.child.pid === pid);
        if (x < 0) continue; // between a death and a takeover: look again next round
        const y = 1 - x;
        await servers[x]!.stop('SIGKILL');
        if ((rounds.failover + rounds.badOrder) % 2 === 0) {
          rounds.failover += 1;
          await restart(x);
        } else {
          rounds.badOrder += 1;
          await servers[y]!.stop('SIGKILL');
          await restart(y); // the one that was not serving starts first
          await restart(x);
        }
      }
    })();

    let paid = 0;
    if (options.mode === 'load') {
      const run = await runShoppers({
        origins,
        shoppers: options.shoppers,
        seconds: options.seconds,
        rampSeconds: options.rampSeconds,
        recorder,
      });
      paid = run.counts.paid;
    } else {
      // At least `checkouts`, and on until a round of each kind has happened.
      const bothRounds = () => rounds.failover >= 1 && rounds.badOrder >= 1;
      paid = await crashCheckouts(origins, recorder, options, deadline, bothRounds);
    }
    done = true;
    await killer;

    const webhooksLeft = await waitForWebhooks(sandboxUrl, 150_000);
    const exits = await Promise.all(servers.map((s) => s.stop('SIGTERM')));
    const source = { dataDir: base, databaseUrl: database.url };
    const result = reconcile((await readSandbox(source)).sessions, await readOrders(source));
    let errorLines = 0;
    for (const s of settings) {
      const log = await readFile((s.output as { logFile: string }).logFile, 'utf8');
      errorLines += log.split('\n').filter((l) => /"level":(50|60)|Uncaught/.test(l)).length;
    }
    const checks: [string, boolean][] = [
      [
        `kill rounds of the serving instance: ${rounds.failover} restarted while the other took over, ${rounds.badOrder} restarted after the other (>= 1 each)`,
        rounds.failover >= 1 && rounds.badOrder >= 1,
      ],
      // A load shopper gives up on a payment whose answer a kill cut off; it may have gone through.
      options.mode === 'crash'
        ? [`paid sessions ${result.paidSessions} = checkouts ${paid}`, result.paidSessions === paid]
        : [
            `paid sessions in the sandbox ${result.paidSessions} >= payments answered ${paid}`,
            result.paidSessions >= paid,
          ],
      [
        `no confirm found a paid session unpaid or unknown (${recorder.notPaid})`,
        recorder.notPaid === 0,
      ],
      [`webhooks all delivered (${webhooksLeft} left)`, webhooksLeft === 0],
      [
        `order rows ${result.orderRows} = paid lines ${result.expectedRows}; lost ${result.lost.length}, doubled ${result.doubled.length}, orphans ${result.orphans}, wrong owner ${result.wrongOwner}`,
        result.ok && result.orderRows === result.expectedRows,
      ],
      [`clean final stops (exits ${exits.join(', ')})`, exits.every((c) => c === 0)],
    ];
    console.log(
      `sandbox-failover (${options.mode}): ${paid} checkouts paid, ${recorder.errorCount} requests failed during kills and were retried or abandoned, ${errorLines} error lines in the server logs`,
    );
    for (const [what, ok] of checks) console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
    return checks;
  } finally {
    done = true;
    await Promise.all(servers.map((s) => s.stop('SIGKILL')));
    await database.drop();
    await rm(base, { recursive: true, force: true });
  }
}

/** The pid of the process serving the sandbox now (its /healthz says), or undefined. */
async function servingPid(sandboxUrl: string): Promise<number | undefined> {
  try {
    const res = await fetch(`${sandboxUrl}/healthz`, { signal: AbortSignal.timeout(2000) });
    return ((await res.json()) as { pid?: number }).pid;
  } catch {
    return undefined;
  }
}

/** The crash suite's shoppers: each step retried until it succeeds; a third left to the webhook. */
async function crashCheckouts(
  origins: string[],
  recorder: Recorder,
  options: FailoverOptions,
  deadline: number,
  enough: () => boolean,
): Promise<number> {
  const retry = <T>(step: () => Promise<T>) => retryUntil(deadline, step);
  const page = await retry(async () => (await fetch(`${origins[0]}/keebshop/`)).text());
  const { anonKey, assets } = parsePage(page);
  const catalogue = await retry(() => shopCatalogue(origins[0]!, anonKey));
  const think = () => sleep(Math.random() * 2 * options.thinkMs);
  let next = 0;
  let paid = 0;
  await Promise.all(
    Array.from({ length: options.concurrency }, async (_, i) => {
      const shopper = new Shopper({ origins, anonKey, assets, ip: `10.8.0.${i + 1}`, recorder });
      const email = `failover-${Date.now()}-${i}@example.com`;
      await retry(async () => {
        await shopper.signUp(email, 'failover password').catch(() => undefined);
        await shopper.logIn(email, 'failover password');
      });
      while (next < options.checkouts || (!enough() && Date.now() < deadline)) {
        const n = next++;
        const session = await retry(() => shopper.checkout(randomCart(catalogue)));
        await think();
        await retry(() => shopper.pay(session));
        paid += 1;
        if (n % 3 !== 2) {
          await think();
          await retry(() => shopper.confirm(session.id));
        }
      }
    }),
  );
  return paid;
}
