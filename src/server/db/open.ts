import type { PgliteSettings } from './pglite-settings.ts';
import type { SqlDatabase } from './sql.ts';

export type { SqlDatabase } from './sql.ts';

/**
 * Opens the shop's database: PostgreSQL when `databaseUrl` is set, else PGlite under `dataDir`.
 * Only the driver in use is loaded (docs/operations.md, Memory).
 */
export async function openDatabase(config: {
  dataDir: string;
  databaseUrl: string | undefined;
  poolSize?: number;
  /** Memory settings of PGlite (PGLITE_ variables); PGlite's defaults when unset. */
  pglite?: PgliteSettings;
}): Promise<SqlDatabase> {
  if (config.databaseUrl) {
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(config.databaseUrl, config.poolSize);
  }
  const { openPglite } = await import('./pglite.ts');
  return openPglite(config.dataDir, config.pglite ? { settings: config.pglite } : {});
}
