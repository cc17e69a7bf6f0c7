import type { SqlDatabase } from './sql.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

export type { SqlDatabase } from './sql.ts';

/** Opens the shop's database: PostgreSQL when `databaseUrl` is set, else PGlite under `dataDir`. */
export function openDatabase(config: {
  dataDir: string;
  databaseUrl: string | undefined;
  poolSize?: number;
}): Promise<SqlDatabase> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, config.poolSize)
    : openPglite(config.dataDir);
}
