// GET /healthz (a database round trip, a read of the tables sign-in needs, free space under
// DATA_DIR on PGlite, the payment provider) and the guard that answers writes 503 before the disk
// is full (docs/operations.md, "Health and failures").
import { statfs } from 'node:fs/promises';
import type { Handler, MiddlewareHandler } from 'hono';
import Stripe from 'stripe';
import type { Database } from '../db/types.ts';
import type { Payments } from '../payments/index.ts';
import { readSignInTables } from './health-tables.ts';
import { respondUnavailable } from './unavailable.ts';

/** What /healthz checks and the write guard reads. */
export interface HealthDeps {
  db: Database;
  /** PGlite's DATA_DIR, whose free space is checked; unset on PostgreSQL. */
  dataDir: string | undefined;
  /** Below this many free bytes under dataDir, /healthz fails and writes answer 503. */
  minFreeBytes: number;
  payments: Payments | undefined;
  isReady: () => boolean;
  /** True once the server has been told to stop (SIGTERM) and is answering what it received. */
  isStopping?: () => boolean;
  /** The clock the cached checks expire by (tests move it). */
  now?: () => Date;
}

/** How long one check may take before it counts as failed (/healthz stays fast). */
export const CHECK_TIMEOUT_MS = 2_000;
/** The provider check is a network call: its result is kept this long. */
export const PAYMENTS_CHECK_TTL_MS = 10_000;
/** A failed provider check is kept only this long, so a recovery shows at the next poll. */
export const PAYMENTS_RETRY_MS = 1_000;
/** The read of the sign-in tables (health-tables.ts) is kept as long, and a failure as briefly. */
export const TABLES_CHECK_TTL_MS = PAYMENTS_CHECK_TTL_MS;

const MB = 1024 * 1024;

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} took over ${CHECK_TIMEOUT_MS} ms`)),
      CHECK_TIMEOUT_MS,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** 'ok', or why the check failed. */
type CheckResult = 'ok' | string;

// The error's code, never its message: /healthz is public, and a message may name a host.
function reasonOf(err: unknown, what: string): string {
  const code = (err as { code?: unknown }).code;
  const timedOut = err instanceof Error && err.message.startsWith(`${what} took`);
  return typeof code === 'string' ? code : timedOut ? 'timed out' : 'failed';
}

async function checkDatabase(db: Database): Promise<CheckResult> {
  try {
    await withTimeout(db.query('SELECT 1'), 'a round trip');
    return 'ok';
  } catch (err) {
    return `no round trip (${reasonOf(err, 'a round trip')})`;
  }
}

async function checkSignInTables(db: Database): Promise<CheckResult> {
  try {
    await withTimeout(readSignInTables(db), 'reading the sign-in tables');
    return 'ok';
  } catch (err) {
    return `cannot read the sign-in tables (${reasonOf(err, 'reading the sign-in tables')})`;
  }
}

/** Free bytes under `dir` for unprivileged writers. */
export async function freeBytes(dir: string): Promise<number> {
  const s = await statfs(dir);
  return s.bavail * s.bsize;
}

async function checkDisk(dir: string, minFreeBytes: number): Promise<CheckResult> {
  try {
    const free = await freeBytes(dir);
    if (free >= minFreeBytes) return 'ok';
    return `${Math.floor(free / MB)} MB free under DATA_DIR, below the ${Math.ceil(minFreeBytes / MB)} MB minimum`;
  } catch (err) {
    return `cannot read free space under DATA_DIR: ${err instanceof Error ? err.message : String(err)}`;
  }
}

// The provider answers an unknown session with 404 resource_missing: reachable, and the key works.
async function probePayments(payments: Payments): Promise<CheckResult> {
  try {
    await payments.stripe.checkout.sessions.retrieve(
      'cs_test_healthz',
      {},
      { maxNetworkRetries: 0, timeout: CHECK_TIMEOUT_MS },
    );
    return 'ok';
  } catch (err) {
    if (err instanceof Stripe.errors.StripeInvalidRequestError) return 'ok';
    if (err instanceof Stripe.errors.StripeAuthenticationError) {
      return `the ${payments.provider} refused the secret key`;
    }
    const message = err instanceof Error ? err.message : String(err);
    return `the ${payments.provider} did not answer: ${message}`;
  }
}

/** /healthz and the guard that keeps writes off a full disk. */
export function createHealth(deps: HealthDeps): {
  healthz: Handler;
  requireFreeSpace: MiddlewareHandler;
} {
  const clock = () => (deps.now ? deps.now().getTime() : Date.now());
  // A check whose result is kept `ttl` ms when it passes, PAYMENTS_RETRY_MS when it fails.
  const kept = (ttl: number, check: () => Promise<CheckResult>) => {
    let last: { at: number; ttl: number; result: Promise<CheckResult> } | undefined;
    return (): Promise<CheckResult> => {
      const now = clock();
      if (!last || now - last.at > last.ttl) {
        const entry = { at: now, ttl, result: check() };
        void entry.result.then((result) => {
          if (result !== 'ok') entry.ttl = PAYMENTS_RETRY_MS;
        });
        last = entry;
      }
      return last.result;
    };
  };
  const checkPayments = deps.payments
    ? kept(PAYMENTS_CHECK_TTL_MS, () => probePayments(deps.payments as Payments))
    : undefined;
  const checkTables = kept(TABLES_CHECK_TTL_MS, () => checkSignInTables(deps.db));
  // The round trip each time; then the tables every sign-in reads (kept, as the provider's check).
  const checkDb = async () => {
    const roundTrip = await checkDatabase(deps.db);
    return roundTrip === 'ok' ? checkTables() : roundTrip;
  };

  // statfs is one cheap system call: read on every write, so a disk that just filled is seen at once.
  const diskHasRoom = (dir: string): Promise<boolean> =>
    freeBytes(dir).then(
      (free) => free >= deps.minFreeBytes,
      () => true, // unreadable: let the write try; a full disk still answers 503
    );

  return {
    async healthz(c) {
      if (deps.isStopping?.()) return c.json({ status: 'stopping' }, 503);
      if (!deps.isReady()) return c.json({ status: 'starting' }, 503);
      const entries: [string, Promise<CheckResult>][] = [['database', checkDb()]];
      if (deps.dataDir) entries.push(['disk', checkDisk(deps.dataDir, deps.minFreeBytes)]);
      if (checkPayments) entries.push(['payments', checkPayments()]);
      const checks = Object.fromEntries(
        await Promise.all(entries.map(async ([name, result]) => [name, await result] as const)),
      );
      const failing = Object.keys(checks).filter((name) => checks[name] !== 'ok');
      if (failing.length === 0) return c.json({ status: 'ok', checks });
      return c.json({ status: 'unavailable', failing, checks }, 503);
    },
    async requireFreeSpace(c, next) {
      const dir = deps.dataDir;
      const writes =
        c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.req.method !== 'OPTIONS';
      if (dir && writes && !(await diskHasRoom(dir))) return respondUnavailable(c, 'storage_full');
      await next();
    },
  };
}
