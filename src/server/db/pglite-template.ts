// A new PGlite DATA_DIR from a copy of a pristine one made at build time (scripts/build-server.mjs,
// docs/decisions/0034-memory-budget.md): copying it takes a fraction of initdb's two seconds. The
// template is exactly what initdb makes (no migrations, no data), so a shop's directory is the same
// either way. When the template is missing or was made by another PGlite, the caller runs initdb.
import { readdirSync, readFileSync } from 'node:fs';
import { cp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fromRoot } from '../paths.ts';

/** The template's place, and its marker beside it (not inside: the copy holds initdb's files only). */
export const TEMPLATE_DIR = fromRoot('dist/server/pgdata-template');
export const TEMPLATE_MARKER = `${TEMPLATE_DIR}.json`;

/** A template directory and its marker file. */
export interface PgliteTemplate {
  dir: string;
  marker: string;
}

/** What the template was made with; a template with another marker is not used. */
export interface TemplateMarker {
  /** @electric-sql/pglite's version, from its package.json. */
  pglite: string;
  /** How initdb ran: PGlite.create({ dataDir }) with PGlite's defaults, as pglite-init.ts does. */
  initdb: string;
}

export const INITDB_RECIPE = 'PGlite.create({ dataDir }) defaults, closed';

/** The installed PGlite's version (its package.json, found from its entry point). */
export function installedPgliteVersion(): string {
  let dir = path.dirname(createRequire(fromRoot('package.json')).resolve('@electric-sql/pglite'));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version;
    } catch {
      // no package.json here: look higher up
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('@electric-sql/pglite: package.json not found');
    dir = parent;
  }
}

export function expectedMarker(): TemplateMarker {
  return { pglite: installedPgliteVersion(), initdb: INITDB_RECIPE };
}

/** True when `marker` (the file's text) names the installed PGlite and today's recipe. */
export function markerMatches(text: string): boolean {
  try {
    const m = JSON.parse(text) as Partial<TemplateMarker>;
    const want = expectedMarker();
    return m.pglite === want.pglite && m.initdb === want.initdb;
  } catch {
    return false;
  }
}

/** The prefix of the temporary copy inside DATA_DIR; never a name of PostgreSQL's. */
const PARTIAL_PREFIX = '.pgdata-template-copy.';
/** Inside the temporary copy: the names being moved out of it into DATA_DIR. */
const MOVING = '.moving.json';

/**
 * Fills `dataDir` (existing, without a database) from the template; false, with `dataDir` as it
 * was, when there is no usable template. The copy is made in a temporary directory inside
 * `dataDir` (beside the lock file: DATA_DIR itself is never replaced, its lock names its inode),
 * then its entries are renamed into place with PG_VERSION last, so a directory counts as a
 * database (pglite-init.ts, hasDatabase) only once every file is there. The temporary directory
 * goes last: while it is there, what it lists is an interrupted copy, cleared on the next start.
 */
export async function copyPgliteTemplate(
  dataDir: string,
  template: PgliteTemplate = { dir: TEMPLATE_DIR, marker: TEMPLATE_MARKER },
): Promise<boolean> {
  await clearInterruptedCopy(dataDir);
  let marker: string;
  try {
    marker = await readFile(template.marker, 'utf8');
  } catch {
    return false;
  }
  if (!markerMatches(marker)) return false;
  const partial = path.join(dataDir, `${PARTIAL_PREFIX}${process.pid}`);
  let names: string[];
  try {
    await cp(template.dir, partial, { recursive: true, errorOnExist: true, force: false });
    names = (await readdir(partial)).sort(
      (a, b) => Number(a === 'PG_VERSION') - Number(b === 'PG_VERSION'),
    );
    if (!names.includes('PG_VERSION')) throw new Error('not a data directory');
  } catch {
    // The template went away (a build replacing it) or could not be read: initdb instead.
    await rm(partial, { recursive: true, force: true });
    return false;
  }
  await writeFile(path.join(partial, MOVING), JSON.stringify(names));
  for (const name of names) await rename(path.join(partial, name), path.join(dataDir, name));
  await rm(partial, { recursive: true, force: true });
  return true;
}

/** The names an interrupted copy left in `dataDir`: its temporary directories and what they list. */
export function interruptedCopyNames(dataDir: string): string[] {
  let present: string[];
  try {
    present = readdirSync(dataDir);
  } catch {
    return [];
  }
  return present
    .filter((name) => name.startsWith(PARTIAL_PREFIX))
    .flatMap((name) => {
      let moving: unknown = [];
      try {
        moving = JSON.parse(readFileSync(path.join(dataDir, name, MOVING), 'utf8'));
      } catch {
        // stopped before moving anything
      }
      const listed = Array.isArray(moving) ? moving.filter((n) => typeof n === 'string') : [];
      return [name, ...listed.filter((n: string) => present.includes(n) && !n.includes('/'))];
    });
}

/** Removes what an interrupted copy left in `dataDir` (which has no PG_VERSION). */
async function clearInterruptedCopy(dataDir: string): Promise<void> {
  // The moved entries before their list, so a second interruption still finds them.
  const names = interruptedCopyNames(dataDir).sort(
    (a, b) => Number(a.startsWith(PARTIAL_PREFIX)) - Number(b.startsWith(PARTIAL_PREFIX)),
  );
  for (const name of names) await rm(path.join(dataDir, name), { recursive: true, force: true });
}
