// Makes dist/server/pgdata-template: a PGlite data directory exactly as initdb leaves it (no
// migrations, no data), which the server copies into a new DATA_DIR instead of running initdb
// (src/server/db/pglite-template.ts, docs/decisions/0034-memory-budget.md). Beside it,
// pgdata-template.json names the PGlite version and how initdb ran; the server uses the template
// only when both match. Kept as is while the marker matches, so most builds skip initdb.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Equals INITDB_RECIPE in src/server/db/pglite-template.ts (tests/unit/pgdata-template-marker.test.ts). */
const INITDB_RECIPE = 'PGlite.create({ dataDir }) defaults, closed';

function pgliteVersion(root) {
  let dir = path.dirname(
    createRequire(path.join(root, 'package.json')).resolve('@electric-sql/pglite'),
  );
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8'));
      if (pkg.name === '@electric-sql/pglite') return pkg.version;
    }
    if (path.dirname(dir) === dir) throw new Error('@electric-sql/pglite: package.json not found');
    dir = path.dirname(dir);
  }
}

/**
 * What pgdata-template.json records: the installed PGlite's version and how initdb ran. The server
 * uses the template only when this equals its own expectedMarker() (src/server/db/pglite-template.ts).
 */
export function templateMarker(root) {
  return { pglite: pgliteVersion(root), initdb: INITDB_RECIPE };
}

/**
 * Makes the template in `outDir` unless a matching one is there. Resolves with a line to print, or
 * null when nothing was done. A failure leaves no template: the server then runs initdb itself.
 */
export async function buildPgdataTemplate(root, outDir) {
  const dir = path.join(outDir, 'pgdata-template');
  const markerFile = `${dir}.json`;
  const marker = `${JSON.stringify(templateMarker(root))}\n`;
  if (existsSync(path.join(dir, 'PG_VERSION')) && readOr(markerFile) === marker) return null;

  const fresh = `${dir}.${process.pid}.tmp`;
  const old = `${dir}.${process.pid}.old.tmp`;
  rmSync(fresh, { recursive: true, force: true });
  try {
    // The same call as src/server/db/pglite-init.ts's child, so the two directories are alike.
    const { PGlite } = await import(
      createRequire(path.join(root, 'package.json')).resolve('@electric-sql/pglite')
    );
    const pg = await PGlite.create({ dataDir: fresh });
    await pg.close();
    // Marker out first: a server starting meanwhile finds no template, and runs initdb.
    rmSync(markerFile, { force: true });
    if (existsSync(dir)) renameSync(dir, old);
    renameSync(fresh, dir);
    writeFileSync(`${markerFile}.${process.pid}.tmp`, marker);
    renameSync(`${markerFile}.${process.pid}.tmp`, markerFile);
    return `Made ${path.relative(root, dir)} (PGlite ${JSON.parse(marker).pglite}).`;
  } catch (err) {
    // Another build's template took the place first, or initdb failed: not fatal.
    return `No new PGlite template (${err instanceof Error ? err.message : String(err)}).`;
  } finally {
    rmSync(fresh, { recursive: true, force: true });
    rmSync(old, { recursive: true, force: true });
  }
}

function readOr(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}
