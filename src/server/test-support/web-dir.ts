// The web app a test shop serves: a one-line page (the default, quick) or the real dist/web.
import { spawnSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The repository's root, where `npm start` runs. */
export const root = path.resolve(import.meta.dirname, '../../..');

/** What a shop serves under /keebshop/: a bare page, the built web app, or a directory. */
export type WebApp = 'bare' | 'built' | { dir: string };

let bareDir: Promise<string> | undefined;
/** A directory holding only an index.html with a head and a root element (made once). */
function bareWebDir(): Promise<string> {
  bareDir ??= (async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'keebshop-web-'));
    await writeFile(
      path.join(dir, 'index.html'),
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Keebshop</title></head><body><div id="root"></div></body></html>',
    );
    return dir;
  })();
  return bareDir;
}

/** Builds dist/web and dist/server when missing or stale (the same check as `npm start`). */
export function buildIfStale(stdio: 'inherit' | 'ignore' = 'inherit'): string {
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/build-if-stale.mjs')], {
    cwd: root,
    stdio,
  });
  if (result.status !== 0) throw new Error('the web app or the server did not build');
  return path.join(root, 'dist/web');
}

export async function webDirOf(web: WebApp = 'bare'): Promise<string> {
  if (web === 'bare') return bareWebDir();
  if (web === 'built') return buildIfStale('ignore');
  return web.dir;
}
