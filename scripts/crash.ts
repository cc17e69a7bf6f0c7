// `npm run crash [-- --checkouts=50]`: the real server on a fresh DATA_DIR (PGlite) is killed with
// SIGKILL at random moments while shoppers run checkouts (create, pay on the sandbox's hosted page,
// confirm; a third of them never confirm and are left to the webhook), and restarted each time.
// Then: every paid session has its order rows exactly once, each restart opened the embedded
// database and came up healthy, and amcheck finds every index consistent. Meanwhile a staff member
// (granted the role with scripts/staff.ts) refunds paid orders in part or in full and cancels some
// (bench/lib/shop/staff-worker.ts); after, every provider refund is recorded once and the orders'
// refunded amounts, statuses and stock agree with it (bench/lib/shop/refund-reconcile.ts).
// The server mails to an SMTP server in this process (bench/lib/shop/mail-sink.ts) that refuses
// with 421 until half the checkouts have started, so order mails wait in the outbox across kills;
// after a last restart to send what is left, every paid order's confirmation and every refund's
// notice must have arrived exactly once (bench/lib/shop/mail-reconcile.ts).
// Staff first create a discount code and a sales tax rate for the shoppers' state in the back
// office's functions; every other checkout types the code on the hosted page. After, each order's
// total is its subtotal less the discount plus tax and shipping, as charged, and the code counts
// exactly one redemption per paid session that used it.
// Exits 1 otherwise.
// --scenario=pg-restart or sandbox-failover runs bench/lib/shop/pg-restart.ts or
// sandbox-failover.ts instead.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import {
  parsePage,
  Recorder,
  retryUntil,
  Shopper,
  SHIPPING_ADDRESS,
} from '../bench/lib/shop/client.ts';
import {
  readOrders,
  readSandbox,
  readShopOrders,
  reconcile,
  reconcileRedemptions,
  reconcileShopOrders,
  waitForWebhooks,
} from '../bench/lib/shop/reconcile.ts';
import { reconcileRefunds } from '../bench/lib/shop/refund-reconcile.ts';
import {
  readMailSnapshot,
  reconcileMails,
  unsentMails,
  type MailSnapshot,
} from '../bench/lib/shop/mail-reconcile.ts';
import { startMailSink, type MailSink } from '../bench/lib/shop/mail-sink.ts';
import { runStaffWorker, staffAccount } from '../bench/lib/shop/staff-worker.ts';
import { sandboxFailover } from '../bench/lib/shop/sandbox-failover.ts';
import { randomCart } from '../bench/lib/shop/shoppers.ts';
import { shopCatalogue } from '../bench/lib/shop/catalogue.ts';
import { reportPgRestartScenario } from '../bench/lib/shop/pg-restart.ts';
import {
  buildIfStale,
  COMPILED_SERVER,
  freePort,
  spawnServer,
  type ServerProcess,
  type ServerProcessOptions,
} from '../src/server/test-support/launch.ts';
import { checkPgliteIntegrity } from '../src/server/db/integrity.ts';

const { values } = parseArgs({
  options: {
    checkouts: { type: 'string', default: '50' },
    concurrency: { type: 'string', default: '5' },
    'min-kill-ms': { type: 'string', default: '100' },
    'max-kill-ms': { type: 'string', default: '2000' },
    'timeout-s': { type: 'string', default: '900' },
    // A shopper's pause between steps (0 to twice this): a checkout then spans server lifetimes.
    'think-ms': { type: 'string', default: '500' },
    // Staff refunds and cancels made at least (default: half the checkouts).
    'staff-actions': { type: 'string' },
    // How long the last restart may take to send the order mails still in the outbox.
    'mail-wait-s': { type: 'string', default: '300' },
    // kill (the above); pg-restart: PostgreSQL restarted under checkouts (bench/lib/shop/pg-restart.ts);
    // sandbox-failover: two instances on PostgreSQL, the one serving the sandbox killed.
    scenario: { type: 'string', default: 'kill' },
    help: { type: 'boolean', default: false },
  },
});
const HELP = `npm run crash -- [--checkouts=50] [--concurrency=5] [--min-kill-ms=100] [--max-kill-ms=2000] [--think-ms=500] [--staff-actions=N] [--mail-wait-s=300] [--timeout-s=900] [--scenario=kill|sandbox-failover]
npm run crash -- --scenario=pg-restart [--concurrency=5] [--think-ms=500]`;
const failoverDefaults = { shoppers: 0, seconds: 0, rampSeconds: 0 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<number> {
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  if (values.scenario === 'pg-restart') {
    const [shoppers, thinkMs] = [Number(values.concurrency), Number(values['think-ms'])];
    return reportPgRestartScenario({ shoppers, seconds: 30, restartEveryMs: 3000, thinkMs });
  }
  if (values.scenario === 'sandbox-failover') {
    const checks = await sandboxFailover({
      ...failoverDefaults,
      mode: 'crash',
      checkouts: Number(values.checkouts),
      concurrency: Number(values.concurrency),
      minKillMs: Math.max(1000, Number(values['min-kill-ms'])),
      maxKillMs: Math.max(3000, Number(values['max-kill-ms'])),
      thinkMs: Number(values['think-ms']),
      timeoutS: Number(values['timeout-s']),
    });
    return checks.every(([, ok]) => ok) ? 0 : 1;
  }
  if (values.scenario !== 'kill') throw new Error(`unknown scenario ${values.scenario}`);
  const checkouts = Number(values.checkouts);
  const deadline = Date.now() + Number(values['timeout-s']) * 1000;
  buildIfStale();
  const base = await mkdtemp(path.join(os.tmpdir(), 'keebshop-crash-'));
  const logFile = path.join(base, 'server.log');
  // Down at first: the first half's mails wait in the outbox while the server is killed.
  const sink = await startMailSink();
  sink.refusing = true;
  const options: ServerProcessOptions = {
    entry: COMPILED_SERVER,
    dataDir: path.join(base, 'data'),
    port: await freePort(),
    sandboxPort: await freePort(),
    output: { logFile },
    env: { TRUST_PROXY: 'true', SMTP_URL: sink.url, MAIL_FROM: 'Keebshop <shop@keebshop.test>' },
  };
  let server: ServerProcess = spawnServer(options);
  const readyMs = [await server.ready()];
  const killedWith: (number | string)[] = [];
  const killTimes: number[] = [];
  let done = false;
  try {
    const recorder = new Recorder(); // requests cut off by a kill land here; they are retried
    const { anonKey, assets } = parsePage(await (await fetch(`${server.origin}/keebshop/`)).text());
    // Read before the first kill: the carts are drawn from it.
    const catalogue = await shopCatalogue(server.origin, anonKey);

    /** Retries a step until it succeeds: the server may be down or restarting. */
    const retry = <T>(step: () => Promise<T>) => retryUntil(deadline, step);

    const shoppers = await Promise.all(
      Array.from({ length: Number(values.concurrency) }, async (_, i) => {
        const shopper = new Shopper({
          origins: [server.origin],
          anonKey,
          assets,
          ip: `10.9.0.${i + 1}`,
          recorder,
        });
        const email = `crash-${Date.now()}-${i}@example.com`;
        await retry(async () => {
          await shopper.signUp(email, 'crash password').catch(() => undefined); // may exist already
          await shopper.logIn(email, 'crash password');
        });
        return shopper;
      }),
    );

    const staff = await staffAccount(
      { origins: [server.origin], anonKey, assets, ip: '10.9.1.1', recorder },
      options.dataDir,
      deadline,
    );

    const code = `CRASH-${Date.now().toString(36).toUpperCase()}`;
    await retry(() => setUpCodeAndTax(staff, code));

    // The killer: SIGKILL at a random moment, restart on the same DATA_DIR and ports.
    const killer = (async () => {
      const [min, max] = [Number(values['min-kill-ms']), Number(values['max-kill-ms'])];
      while (!done) {
        await sleep(min + Math.random() * (max - min));
        if (done) break;
        killTimes.push(Date.now());
        killedWith.push(await server.stop('SIGKILL'));
        server = spawnServer(options);
        readyMs.push(await server.ready());
      }
    })();

    const think = () => sleep(Math.random() * 2 * Number(values['think-ms']));
    let next = 0;
    let confirmed = 0;
    let interrupted = 0;
    let shopping = true;
    const staffWork = runStaffWorker(staff, {
      stop: () => !shopping,
      minimum: Number(values['staff-actions'] ?? Math.ceil(checkouts / 2)),
      pauseMs: Number(values['think-ms']) / 2,
      deadline,
    });
    await Promise.all(
      shoppers.map(async (shopper) => {
        while (next < checkouts) {
          const n = next++;
          if (n >= checkouts / 2) sink.refusing = false;
          const killsBefore = killedWith.length;
          const session = await retry(() => shopper.checkout(randomCart(catalogue)));
          await think();
          await retry(() => shopper.pay(session, n % 2 === 0 ? code : undefined));
          // Every third checkout is never confirmed: the webhook alone must record it.
          if (n % 3 !== 2) {
            await think();
            await retry(() => shopper.confirm(session.id));
            confirmed += 1;
          }
          if (killedWith.length > killsBefore) interrupted += 1;
        }
      }),
    );
    shopping = false;
    const staffCounts = await staffWork;
    done = true;
    await killer;
    console.log(
      `${checkouts} checkouts paid (${confirmed} confirmed by the page), ${killedWith.length} kills, ${recorder.errorCount} requests cut off and retried`,
    );

    const webhooksLeft = await waitForWebhooks(`http://127.0.0.1:${options.sandboxPort}`, 150_000);
    const cleanExit = await server.stop('SIGTERM');
    const { sessions, promotionCodes } = await readSandbox({ dataDir: options.dataDir });
    const redemptions = reconcileRedemptions(sessions, promotionCodes);
    const result = reconcile(sessions, await readOrders({ dataDir: options.dataDir }));
    const orderProblems = reconcileShopOrders(
      sessions,
      await readShopOrders({ dataDir: options.dataDir }),
    );
    const refunds = await reconcileRefunds({ dataDir: options.dataDir }, staffCounts.expected);
    const badIndexes = await checkIndexes(options.dataDir);
    const delivery = await sendRemainingMails(options, sink, Number(values['mail-wait-s']) * 1000);
    const mails = reconcileMails(delivery.snapshot, sink.received, killTimes);
    const log = await readFile(logFile, 'utf8');
    const errorLines = log
      .split('\n')
      .filter((l) => /"level":(50|60)|^\w*Error\b|Uncaught/.test(l));

    const checks: [string, boolean][] = [
      [
        `checkouts with a kill in the middle: ${interrupted} (>= 1 in 4); kills ${killedWith.length}`,
        interrupted >= checkouts / 4,
      ],
      ['every kill was a SIGKILL', killedWith.every((s) => s === 'SIGKILL')],
      [
        `every start reached /healthz 200 (${readyMs.length}, slowest ${Math.max(...readyMs)} ms)`,
        true,
      ],
      [
        `paid sessions ${result.paidSessions} = checkouts ${checkouts}`,
        result.paidSessions === checkouts,
      ],
      [`webhooks all delivered (${webhooksLeft} left)`, webhooksLeft === 0],
      [
        `order rows ${result.orderRows} = paid lines ${result.expectedRows}; lost ${result.lost.length}, doubled ${result.doubled.length}, orphans ${result.orphans}, wrong owner ${result.wrongOwner}`,
        result.ok && result.orderRows === result.expectedRows,
      ],
      [
        `every paid checkout has one order with an address and its code, total = subtotal − discount + tax + shipping = charged, numbers consecutive (${orderProblems.length} problems)`,
        orderProblems.length === 0,
      ],
      [
        `code ${code}: ${redemptions.redeemed} redemptions, each one paid session that used it (${redemptions.problems.length} problems)`,
        redemptions.problems.length === 0 && redemptions.redeemed >= checkouts / 2 - 1,
      ],
      [
        `staff actions ${staffCounts.attempted} (${staffCounts.cancels} cancels): ${staffCounts.succeeded} succeeded, ${staffCounts.interrupted} interrupted by a kill (${staffCounts.appliedBeforeKill} had taken effect), ${staffCounts.conflicts} 409, ${staffCounts.tooMuch} less left than asked, ${staffCounts.unavailable} 503; ${staffCounts.failures.length} failed`,
        staffCounts.failures.length === 0,
      ],
      [
        `refunds: provider ${refunds.providerRefunds} (${refunds.providerCents} cents), recorded by the action ${refunds.recordedByAction}, by the webhook ${refunds.recordedByWebhook}; orders refunded ${refunds.refundedOrders}, in part ${refunds.partlyRefunded}, cancelled ${refunds.cancelledOrders}; ${refunds.problems.length} problems`,
        refunds.problems.length === 0 && refunds.providerRefunds > 0,
      ],
      [
        `amcheck: every index and table consistent (${badIndexes.length} problems)`,
        badIndexes.length === 0,
      ],
      [`no error in the server log (${errorLines.length})`, errorLines.length === 0],
      [`clean final stop (exit ${cleanExit})`, cleanExit === 0],
      [
        `mail: confirmations ${mails.confirmationsReceived} of ${mails.paidOrders} orders, refund notices ${mails.refundMailsReceived} of ${mails.refunds} refunds, each received once; ${sink.refused} refused (421) early, ${mails.killedBetween} with a kill between queueing and arrival, ${delivery.leftAfterRun} left for the last restart (exit ${delivery.exit}), ${mails.redelivered} redelivered with the same Message-ID; ${mails.problems.length} problems`,
        mails.problems.length === 0 &&
          mails.paidOrders === checkouts &&
          mails.confirmationsReceived === checkouts &&
          mails.killedBetween > 0 &&
          delivery.exit === 0,
      ],
    ];
    for (const [what, ok] of checks) console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
    for (const line of errorLines.slice(0, 5)) console.log(`  log: ${line.slice(0, 300)}`);
    for (const bad of badIndexes) console.log(`  corrupt: ${bad}`);
    for (const failure of staffCounts.failures.slice(0, 5)) console.log(`  staff: ${failure}`);
    for (const problem of refunds.problems.slice(0, 10)) console.log(`  refund: ${problem}`);
    for (const problem of redemptions.problems) console.log(`  code: ${problem}`);
    for (const problem of mails.problems.slice(0, 10)) console.log(`  mail: ${problem}`);
    for (const { session, problem } of orderProblems.slice(0, 5)) {
      console.log(`  order: ${session}: ${problem}`);
    }
    return checks.every(([, ok]) => ok) ? 0 : 1;
  } finally {
    done = true;
    await server.stop('SIGKILL');
    await sink.close();
    await rm(base, { recursive: true, force: true });
  }
}

/**
 * As staff in the back office would: a 10% code and a sales tax rate for the state the shoppers
 * ship to. A retry after a kill finds the code taken (409) or the rate made again (harmless: two
 * equal rates would double the tax, so an existing one is looked for first).
 */
async function setUpCodeAndTax(staff: Shopper, code: string): Promise<void> {
  const call = async (name: string, method: 'GET' | 'POST', body?: unknown) => {
    const { text } = await staff.request(
      `${method} /functions/v1/${name}`,
      staff.url(`/functions/v1/${name}`),
      {
        method,
        headers: { ...staff.headers(), 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        expect: method === 'GET' ? [200] : [200, 409],
      },
    );
    return JSON.parse(text) as Record<string, unknown>;
  };
  await call('admin-discounts', 'POST', { code, percentOff: 10, requestId: code });
  const { taxRates } = (await call('admin-tax-rates', 'GET')) as {
    taxRates: { active: boolean; country: string | null; state: string | null }[];
  };
  const rated = taxRates.some((r) => r.active && r.state === SHIPPING_ADDRESS.state);
  if (!rated) {
    await call('admin-tax-rates', 'POST', {
      displayName: 'Sales tax',
      percentage: 6.25,
      country: SHIPPING_ADDRESS.country,
      state: SHIPPING_ADDRESS.state,
      inclusive: false,
      requestId: code,
    });
  }
}

/**
 * The last restart: with the mail server up, the server sends what the outbox still holds; waits
 * until every such mail has arrived (or `timeoutMs`), stops it cleanly and reads the outbox again.
 */
async function sendRemainingMails(
  options: ServerProcessOptions,
  sink: MailSink,
  timeoutMs: number,
): Promise<{ snapshot: MailSnapshot; leftAfterRun: number; exit: number | string }> {
  sink.refusing = false;
  const before = await readMailSnapshot({ dataDir: options.dataDir });
  const left = unsentMails(before).map((m) => m.message_id);
  if (left.length === 0) return { snapshot: before, leftAfterRun: 0, exit: 0 };
  const server = spawnServer(options);
  let exit: number | string = 'not stopped';
  try {
    await server.ready();
    const deadline = Date.now() + timeoutMs;
    const arrived = () => new Set(sink.received.map((m) => m.messageId));
    while (Date.now() < deadline && !left.every((id) => arrived().has(id))) await sleep(250);
    await sleep(1000); // a duplicate would come now
  } finally {
    exit = await server.stop('SIGTERM');
  }
  return {
    snapshot: await readMailSnapshot({ dataDir: options.dataDir }),
    leftAfterRun: left.length,
    exit,
  };
}

/** amcheck over the shop's schemas (src/server/db/integrity.ts, as `npm run check-data`). */
async function checkIndexes(dataDir: string): Promise<string[]> {
  const pg = await PGlite.create({ dataDir, extensions: { amcheck } });
  try {
    const report = await checkPgliteIntegrity(pg);
    return report.indexes === 0 ? ['no index found to check'] : report.problems;
  } finally {
    await pg.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
