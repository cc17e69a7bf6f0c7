// A Vite plugin for deploys on one machine. A running server reads index.html once, at start, and
// serves the hashed files it names from dist/web/assets; a new build (a deploy's `npm start` or
// `npm run build`) must not delete them from under it, or its pages break until it restarts. So a
// build keeps the files of the build before it and deletes only older ones.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The files of the last build, relative to the output directory (never served: not in assets/). */
export const LEDGER = '.last-build.json';

/** The files to delete: those on disk that belong to neither this build nor the one before. */
export function filesToDelete(
  onDisk: readonly string[],
  current: ReadonlySet<string>,
  previous: ReadonlySet<string>,
): string[] {
  return onDisk.filter((f) => f !== LEDGER && !current.has(f) && !previous.has(f));
}

/** Every file below `dir`, as paths relative to it with forward slashes. */
function listFiles(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? listFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`)
      : [`${prefix}${entry.name}`],
  );
}

/** Use with `build.emptyOutDir: false`: this plugin does the emptying, one build late. */
export function keepPreviousBuild(): Plugin {
  let outDir = '';
  return {
    name: 'keebshop:keep-previous-build',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      const ledger = path.join(outDir, LEDGER);
      const previous = new Set<string>(
        existsSync(ledger) ? (JSON.parse(readFileSync(ledger, 'utf8')) as string[]) : [],
      );
      const current = new Set(Object.keys(bundle));
      for (const file of filesToDelete(listFiles(outDir), current, previous)) {
        rmSync(path.join(outDir, file));
      }
      writeFileSync(ledger, `${JSON.stringify([...current].sort(), null, 2)}\n`);
    },
  };
}
