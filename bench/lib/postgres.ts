// Fresh databases on the local PostgreSQL (trust auth) for benchmark and load runs.
import pg from 'pg';
import type { Metric } from '../types.ts';

/** The local server's admin database, over TCP. */
export const LOCAL_ADMIN_URL = 'postgresql://postgres@127.0.0.1:5432/postgres';

/** Runs one statement on the admin database at `adminUrl`. */
async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/**
 * A fresh, empty database `keebshop_<label>_<pid>_<time>` beside `adminUrl`'s, reached over the
 * same host; dropped by `drop()`.
 */
export async function freshPostgresDatabase(
  label: string,
  adminUrl = process.env.LOAD_POSTGRES_ADMIN_URL ?? LOCAL_ADMIN_URL,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `keebshop_${label}_${process.pid}_${Date.now()}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** Where Debian's PostgreSQL listens on its Unix socket. */
const SOCKET_DIR = '/var/run/postgresql';

/** True when a client can connect to `url`. */
async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * A fresh database on the local PostgreSQL for a benchmark, or undefined when none answers. The
 * server reaches it over the Unix socket when that answers (as a same-host deployment should,
 * docs/operations.md), else over TCP.
 */
export async function freshLocalDatabase(
  label: string,
): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  if (!(await answers(LOCAL_ADMIN_URL))) return undefined;
  const { name, url, drop } = await freshPostgresDatabase(label, LOCAL_ADMIN_URL);
  const socketUrl = `postgresql://postgres@localhost/${name}?host=${SOCKET_DIR}`;
  return { url: (await answers(socketUrl)) ? socketUrl : url, drop };
}

/** The databases a server benchmark runs on. */
export type DatabaseTarget = 'pglite' | 'postgres';

/**
 * Runs `measure` on each target in turn, PostgreSQL being DATABASE_URL when set, else a fresh local
 * database dropped afterwards (skipped, with the reason in `details`, when neither is there).
 */
export async function measureTargets<D>(
  label: string,
  targets: readonly string[],
  measure: (
    target: DatabaseTarget,
    databaseUrl: string | undefined,
  ) => Promise<{ metrics: Metric[]; details: D }>,
): Promise<{ metrics: Metric[]; details: Partial<Record<DatabaseTarget, D | string>> }> {
  const metrics: Metric[] = [];
  const details: Partial<Record<DatabaseTarget, D | string>> = {};
  const keep = (target: DatabaseTarget, r: { metrics: Metric[]; details: D }) => {
    metrics.push(...r.metrics);
    details[target] = r.details;
  };
  if (targets.includes('pglite')) keep('pglite', await measure('pglite', undefined));
  if (!targets.includes('postgres')) return { metrics, details };
  if (process.env.DATABASE_URL) {
    keep('postgres', await measure('postgres', process.env.DATABASE_URL));
    return { metrics, details };
  }
  const fresh = await freshLocalDatabase(label);
  if (!fresh) {
    details.postgres = 'skipped: no DATABASE_URL and no PostgreSQL at 127.0.0.1:5432';
    return { metrics, details };
  }
  try {
    keep('postgres', await measure('postgres', fresh.url));
  } finally {
    await fresh.drop();
  }
  return { metrics, details };
}

/** Makes a fresh, empty database each call (dropped by the caller). */
export type DatabaseFactory = () => Promise<{ url: string; drop: () => Promise<void> }>;

/**
 * Fresh databases for a benchmark that needs more than one (a start on an empty database, each
 * run): on DATABASE_URL's server (through its `postgres` database, so the role must be allowed to
 * create databases), else on the local server; a reason when neither answers.
 */
export async function freshPostgresDatabaseFactory(
  label: string,
): Promise<DatabaseFactory | string> {
  let adminUrl = LOCAL_ADMIN_URL;
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = '/postgres';
    adminUrl = url.toString();
  }
  if (!(await answers(adminUrl))) {
    return process.env.DATABASE_URL
      ? "skipped: DATABASE_URL's server has no postgres database to create fresh ones from"
      : 'skipped: no DATABASE_URL and no PostgreSQL at 127.0.0.1:5432';
  }
  return () => freshPostgresDatabase(label, adminUrl);
}
