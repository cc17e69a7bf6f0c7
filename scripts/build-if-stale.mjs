// Builds the web app (dist/web) and the compiled server (dist/server) when either is missing or
// older than its sources. Used by `npm start`, the browser tests' server and the benchmarks; run
// directly it exits with the builds' status.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');

/** What each build writes last-checked (`built`) and everything that changes it (`sources`). */
const targets = {
  web: {
    built: 'dist/web/index.html',
    // The server-rendered pages' build, written after it.
    alsoBuilt: 'dist/pages/page.html',
    // The app, the catalogue it imports, and the build config.
    sources: [
      'src/web',
      'src/catalogue',
      'src/contracts',
      'vite.config.ts',
      'vite.pages.config.ts',
      'scripts/route-preload.ts',
      'scripts/page-shell.ts',
      'scripts/precompress.ts',
      'package-lock.json',
    ],
  },
  server: {
    built: 'dist/server/main.js',
    // The server and what it bundles (the sandbox, the catalogue, the contracts, the web app's
    // page renderer and what it renders), and the build.
    sources: [
      'src/server',
      'src/web',
      'src/payments-sandbox',
      'src/catalogue',
      'src/contracts',
      'scripts/build-server.mjs',
      // The PGlite template is remade when PGlite's version in the lock file changes.
      'scripts/build-pgdata-template.mjs',
      'package-lock.json',
    ],
  },
};

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

/** True when `target`'s output is missing or any of its sources is newer (default: either). */
export function isStale(target) {
  if (!target) return isStale('web') || isStale('server');
  const { built, sources } = targets[target];
  const builtFile = path.join(root, built);
  if (!existsSync(builtFile)) return true;
  const { alsoBuilt } = targets[target];
  if (alsoBuilt && !existsSync(path.join(root, alsoBuilt))) return true;
  const builtAt = statSync(builtFile).mtimeMs;
  return sources.some((s) => newestMtime(path.join(root, s)) > builtAt);
}

function buildWeb() {
  console.log('Building the web app…');
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  // Always a production bundle: a caller under Vitest has NODE_ENV=test, which would give React's
  // development build, and `npm start` would then serve it as if it were the real one.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync(process.execPath, [vite, 'build'], { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) return result.status ?? 1;
  // The server-rendered pages' script and styles (vite.pages.config.ts), into dist/pages.
  const pages = spawnSync(process.execPath, [vite, 'build', '-c', 'vite.pages.config.ts'], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  return pages.status ?? 1;
}

function buildServer() {
  console.log('Building the server…');
  const script = path.join(root, 'scripts/build-server.mjs');
  const result = spawnSync(process.execPath, [script], { cwd: root, stdio: 'inherit' });
  return result.status ?? 1;
}

/** Builds what is stale (web app, server); returns the exit status (0 when nothing to do). */
export function buildIfStale() {
  if (isStale('web')) {
    const status = buildWeb();
    if (status !== 0) return status;
  }
  return isStale('server') ? buildServer() : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(buildIfStale());
}
