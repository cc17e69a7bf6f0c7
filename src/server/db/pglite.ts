import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { hasDatabase, initPgliteDir } from './pglite-init.ts';
import { copyPgliteTemplate, type PgliteTemplate } from './pglite-template.ts';
import {
  chooseWasmCompiler,
  DEFAULT_PGLITE_SETTINGS,
  pgliteStartParams,
  type PgliteSettings,
} from './pglite-settings.ts';
import type { SqlDatabase } from './sql.ts';

export interface PgliteDatabase extends SqlDatabase {
  /** A snapshot of the whole data directory (uncompressed tar), to open copies from. */
  dump(): Promise<Blob>;
}

/**
 * Opens PGlite in `dataDir` (created if missing), or in memory when `dataDir` is undefined.
 * PGlite serialises work itself: `transaction` holds its lock, so one transaction runs at a time.
 * Its memory (docs/operations.md, Memory): `settings`, and a new directory made by another process.
 */
export async function openPglite(
  dataDir: string | undefined,
  options: { loadDataDir?: Blob; settings?: PgliteSettings; template?: PgliteTemplate } = {},
): Promise<PgliteDatabase> {
  const settings = options.settings ?? DEFAULT_PGLITE_SETTINGS;
  if (dataDir) {
    await mkdir(dataDir, { recursive: true });
    // A new directory is a copy of the build's template (pglite-template.ts), or else created by
    // another process, so initdb's memory is not kept (pglite-init.ts).
    if (
      !options.loadDataDir &&
      !hasDatabase(dataDir) &&
      !(await copyPgliteTemplate(dataDir, options.template))
    ) {
      await initPgliteDir(dataDir);
    }
  }
  chooseWasmCompiler(settings);
  // Starting from a dump skips initdb (about 0.5 s instead of 3-4 s): the test harness uses it.
  const pg = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    startParams: pgliteStartParams(PGlite.defaultStartParams, settings),
  });
  let closed = false;
  return {
    kind: 'pglite',
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const r = await pg.query<T>(sql, params as unknown[]);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
    async exec(sql: string) {
      await pg.exec(sql);
    },
    transaction(fn) {
      return pg.transaction((tx) =>
        fn({
          async query<T>(sql: string, params: readonly unknown[] = []) {
            const r = await tx.query<T>(sql, params as unknown[]);
            return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
          },
          async exec(sql: string) {
            await tx.exec(sql);
          },
        }),
      );
    },
    // In process there is no round trip to save: the statements run one by one in a transaction.
    batch(statements) {
      return pg.transaction(async (tx) => {
        const results = [];
        for (const s of statements) {
          const r = await tx.query(s.sql, (s.params ?? []) as unknown[]);
          results.push({
            rows: r.rows as Record<string, unknown>[],
            rowCount: r.affectedRows ?? r.rows.length,
          });
        }
        return results;
      });
    },
    async dump() {
      return pg.dumpDataDir('none');
    },
    async close() {
      if (closed) return;
      closed = true;
      await pg.close();
    },
  };
}
