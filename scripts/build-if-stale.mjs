// Builds the web app when dist/web is missing or older than its sources. Used by `npm start`,
// the browser tests' server and the benchmarks; run directly it exits with the build's status.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist/web/index.html');
// Everything that changes the bundle: the app, the catalogue it imports, and the build config.
const sources = [
  'src/web',
  'src/catalogue',
  'src/contracts',
  'vite.config.ts',
  'scripts/route-preload.ts',
  'scripts/precompress.ts',
  'package-lock.json',
];

function newestMtime(p) {
  const stat = statSync(p, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(p, { withFileTypes: true })) {
    if (entry.name.includes('.test.')) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry.name)));
  }
  return newest;
}

/** True when dist/web is missing or any source is newer than the built index.html. */
export function isStale() {
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return sources.some((s) => newestMtime(path.join(root, s)) > builtAt);
}

/** Runs `vite build` when the build is stale; returns the exit status (0 when nothing to do). */
export function buildIfStale() {
  if (!isStale()) return 0;
  console.log('Building the web app…');
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  // Always a production bundle: a caller under Vitest has NODE_ENV=test, which would give React's
  // development build, and `npm start` would then serve it as if it were the real one.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync(process.execPath, [vite, 'build'], { cwd: root, stdio: 'inherit', env });
  return result.status ?? 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(buildIfStale());
}
