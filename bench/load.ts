// `npm run load [-- --shoppers=100 --seconds=60 --targets=pglite,postgres]`: simulated shoppers
// against real server processes on loopback: one instance on PGlite, and two instances on one fresh
// PostgreSQL database behind a round-robin "balancer". Then a reconciliation of the sandbox's paid
// sessions against the order rows, and each server process's peak memory (RSS) against its budget.
// Writes bench/results/load.json; exits 1 on any error or a peak over budget.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sampleMemory, type MemorySampler } from './lib/shop/memory.ts';
import { restock } from './lib/shop/restock.ts';
import { runShoppers } from './lib/shop/shoppers.ts';
import { SIGN_UPS_AT_ONCE } from './lib/shop/sign-ups.ts';
import { formatEndpointTable, summarize } from './lib/shop/stats.ts';
import { readOrders, readSandbox, reconcile, waitForWebhooks } from './lib/shop/reconcile.ts';
import { freshPostgresDatabase } from './lib/postgres.ts';
import { reportPgRestartScenario } from './lib/shop/pg-restart.ts';
import { sandboxFailover } from './lib/shop/sandbox-failover.ts';
import {
  buildIfStale,
  COMPILED_SERVER,
  freePort,
  spawnServer,
  type ServerProcess,
} from '../src/server/test-support/launch.ts';

const HELP = `npm run load -- [options]
  --shoppers=N     simulated shoppers (default 100)
  --seconds=S      how long they shop (default 60); started over the first --ramp seconds
  --ramp=S         seconds over which shoppers start (default 20)
  --targets=LIST   pglite, postgres or both (default pglite,postgres); postgres needs the local
                   server at 127.0.0.1:5432 (or LOAD_POSTGRES_ADMIN_URL) and gets a fresh database
  --out=FILE       results JSON (default bench/results/load.json)
  --scenario=NAME  instead of the shoppers above: pg-restart (two instances while a private
                   PostgreSQL cluster restarts, fast and immediate in turn, every 5 s) or
                   sandbox-failover (two instances on PostgreSQL while the one serving the payments
                   sandbox is killed and restarted in both orders); checks only, no results file`;

/**
 * Peak RSS allowed for one server process, MB (docs/operations.md, Memory); PostgreSQL's is
 * reported, with no budget: its instances hold no database in their own memory.
 */
export const MEMORY_BUDGET_MB: Record<'pglite' | 'postgres', number | undefined> = {
  pglite: 450,
  postgres: undefined,
};

const { values } = parseArgs({
  options: {
    shoppers: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '60' },
    ramp: { type: 'string', default: '20' },
    targets: { type: 'string', default: 'pglite,postgres' },
    out: { type: 'string', default: path.join(import.meta.dirname, 'results/load.json') },
    scenario: { type: 'string', default: 'shop' },
    help: { type: 'boolean', default: false },
  },
});

async function errorLogLines(files: string[]): Promise<string[]> {
  const lines: string[] = [];
  for (const file of files) {
    const text = await readFile(file, 'utf8').catch(() => '');
    // JSON log lines at level error (50) or fatal (60), and anything Node prints as an error.
    lines.push(...text.split('\n').filter((l) => /"level":(50|60)|^\w*Error\b|Uncaught/.test(l)));
  }
  return lines;
}

async function runTarget(target: 'pglite' | 'postgres') {
  const instances = target === 'postgres' ? 2 : 1;
  const base = await mkdtemp(path.join(os.tmpdir(), `keebshop-load-${target}-`));
  const database = target === 'postgres' ? await freshPostgresDatabase('load') : undefined;
  const sandboxPort = await freePort();
  const started: ServerProcess[] = [];
  const samplers: MemorySampler[] = [];
  const logFiles: string[] = [];
  try {
    const ports = await Promise.all(Array.from({ length: instances }, () => freePort()));
    // Instances behind one balancer share one public origin (docs/operations.md): the token issuer.
    const publicUrl = `http://127.0.0.1:${ports[0]}`;
    // One after the other: the first starts the sandbox, the second finds it on its port.
    for (let i = 0; i < instances; i++) {
      const logFile = path.join(base, `instance-${i}.log`);
      logFiles.push(logFile);
      const instance = spawnServer({
        entry: COMPILED_SERVER,
        dataDir: path.join(base, `instance-${i}`),
        port: ports[i]!,
        sandboxPort,
        ...(database ? { databaseUrl: database.url } : {}),
        output: { logFile },
        // Shoppers come from many addresses through the "balancer" (X-Forwarded-For).
        env: { TRUST_PROXY: 'true', PUBLIC_URL: publicUrl },
      });
      started.push(instance);
      await instance.ready();
      // The server process itself: spawnServer runs node directly, with no wrapper between.
      if (instance.child.pid) samplers.push(sampleMemory(instance.child.pid));
    }
    const restocked = await restock(started[0]!.origin, started[0]!.options.dataDir, database?.url);
    console.log(
      `${target}: ${instances} instance(s) ready, ${restocked} products and colours restocked`,
    );
    console.log(`${target}: ${values.shoppers} shoppers shopping`);
    const run = await runShoppers({
      origins: started.map((s) => s.origin),
      shoppers: Number(values.shoppers),
      seconds: Number(values.seconds),
      rampSeconds: Number(values.ramp),
    });
    const first = started[0]!.options.dataDir;
    const webhooksLeft = await waitForWebhooks(`http://127.0.0.1:${sandboxPort}`, 30_000);
    const memory = samplers.map((s) => s.stop()).filter((m) => m !== undefined);
    const exits = [];
    for (const instance of [...started].reverse()) exits.push(await instance.stop());
    const source = { dataDir: first, ...(database ? { databaseUrl: database.url } : {}) };
    const { sessions } = await readSandbox(source);
    const rows = await readOrders(source);
    return {
      target,
      instances,
      ...run.counts,
      durationS: run.durationS,
      endpoints: summarize(run.recorder, run.durationS),
      signUps: summarize(run.signUps, run.signUpSeconds)[0],
      errors: run.recorder.errorCount + run.signUps.errorCount,
      webhooksLeft,
      cleanExits: exits.every((code) => code === 0),
      memory,
      memoryBudgetMb: MEMORY_BUDGET_MB[target],
      serverErrorLogs: (await errorLogLines(logFiles)).slice(0, 20),
      reconciliation: reconcile(sessions, rows),
    };
  } finally {
    for (const sampler of samplers) sampler.stop();
    await Promise.all(started.map((s) => s.stop('SIGKILL')));
    await database?.drop();
    await rm(base, { recursive: true, force: true });
  }
}

type TargetResult = Awaited<ReturnType<typeof runTarget>>;

function overBudget(r: TargetResult): boolean {
  return r.memoryBudgetMb !== undefined && r.memory.some((m) => m.peakMb > r.memoryBudgetMb!);
}

function memoryLine(r: TargetResult): string {
  if (r.memory.length === 0) return 'server memory: not measured (/proc cannot be read here)';
  const each = r.memory.map(
    (m, i) =>
      `instance ${i}: idle ${m.startMb} MB, peak ${m.peakMb} MB (halves ${m.firstHalfPeakMb}/${m.secondHalfPeakMb} MB), mailbox ${m.childrenPeakMb} MB`,
  );
  const budget =
    r.memoryBudgetMb === undefined
      ? 'no budget'
      : `budget ${r.memoryBudgetMb} MB: ${overBudget(r) ? 'OVER' : 'OK'}`;
  return `server memory (RSS): ${each.join('; ')}; ${budget}`;
}

async function main(): Promise<number> {
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  if (values.scenario === 'pg-restart') {
    const [shoppers, seconds] = [Number(values.shoppers), Number(values.seconds)];
    return reportPgRestartScenario({ shoppers, seconds, restartEveryMs: 5000, thinkMs: 1000 });
  }
  if (values.scenario === 'sandbox-failover') {
    const checks = await sandboxFailover({
      mode: 'load',
      shoppers: Number(values.shoppers),
      seconds: Number(values.seconds),
      rampSeconds: Number(values.ramp),
      ...{ checkouts: 0, concurrency: 0, thinkMs: 0 },
      ...{ minKillMs: 4000, maxKillMs: 8000, timeoutS: Number(values.seconds) + 600 },
    });
    return checks.every(([, ok]) => ok) ? 0 : 1;
  }
  if (values.scenario !== 'shop') throw new Error(`unknown scenario ${values.scenario}`);
  const targets = values.targets.split(',').map((t) => t.trim());
  for (const t of targets)
    if (t !== 'pglite' && t !== 'postgres') throw new Error(`unknown target ${t}`);
  buildIfStale();
  const results = [];
  for (const target of targets as ('pglite' | 'postgres')[]) {
    const result = await runTarget(target);
    results.push(result);
    const r = result.reconciliation;
    console.log(`\n${target} (${result.instances} instance(s)), ${result.durationS} s:`);
    console.log(formatEndpointTable(result.endpoints));
    const up = result.signUps;
    if (up) {
      console.log(
        `sign-ups before the run: ${up.requests} (${SIGN_UPS_AT_ONCE} at a time), p50 ${up.p50} ms, p99 ${up.p99} ms, errors ${up.errors}`,
      );
    }
    console.log(
      `shoppers ${result.shoppers}, paid checkouts ${result.paid}, errors ${result.errors}, ` +
        `server error logs ${result.serverErrorLogs.length}, undelivered webhooks ${result.webhooksLeft}`,
    );
    console.log(
      `reconciliation: ${r.paidSessions} paid sessions, ${r.expectedRows} lines expected, ${r.orderRows} order rows; ` +
        `lost ${r.lost.length}, doubled ${r.doubled.length}, orphans ${r.orphans}, wrong owner ${r.wrongOwner}: ${r.ok ? 'OK' : 'FAILED'}`,
    );
    console.log(memoryLine(result));
  }
  const report = {
    startedAt: new Date().toISOString(),
    node: process.version,
    cores: os.cpus().length,
    // Other processes on the machine inflate every latency: the 1-minute load average at the end.
    loadAverage: os.loadavg()[0],
    options: {
      shoppers: Number(values.shoppers),
      seconds: Number(values.seconds),
      ramp: Number(values.ramp),
    },
    results,
  };
  await mkdir(path.dirname(values.out), { recursive: true });
  await writeFile(values.out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nWrote ${path.relative(process.cwd(), values.out)}`);
  const failed = results.filter(
    (r) =>
      r.errors > 0 ||
      !r.reconciliation.ok ||
      r.serverErrorLogs.length > 0 ||
      !r.cleanExits ||
      overBudget(r),
  );
  return failed.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
