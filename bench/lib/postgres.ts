// Fresh databases on the local PostgreSQL (trust auth) for benchmark and load runs.
import pg from 'pg';

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
