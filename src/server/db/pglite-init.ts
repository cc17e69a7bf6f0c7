// Creating a new PGlite data directory in a child process. PGlite runs initdb in WebAssembly, and a
// WebAssembly memory only grows: done in the server's own process, initdb leaves about 500 MB
// resident for the life of the server. A short-lived process gives all of it back when it exits,
// and the server then opens the directory as it opens an existing one (docs/operations.md, Memory).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fromRoot } from '../paths.ts';

/** The child: the same PGlite package as the server's, creating the directory, then closing it. */
const INIT_SCRIPT = `
const { PGlite } = require(process.argv[1]);
PGlite.create({ dataDir: process.argv[2] })
  .then((pg) => pg.close())
  .catch((err) => {
    // PGlite's file system throws plain objects ({ errno, code }), not Errors.
    const text = err && err.message ? err.message : require('node:util').inspect(err, { breakLength: Infinity });
    console.error(text);
    process.exit(1);
  });
`;

/** True when `dataDir` already holds a database (initdb writes PG_VERSION). */
export function hasDatabase(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'PG_VERSION'));
}

/**
 * Runs initdb for `dataDir` (an existing, empty directory) in a child process and waits for it.
 * Throws with the child's last error line when it fails.
 */
export function initPgliteDir(dataDir: string): Promise<void> {
  // Resolved from the root, as from src/server/db or dist/server (tests/unit/compiled-paths.test.ts).
  const pglite = createRequire(fromRoot('package.json')).resolve('@electric-sql/pglite');
  return new Promise((resolve, reject) => {
    // Plain node, without the parent's loader flags (tsx...): the script is CommonJS. Liftoff
    // alone: initdb runs once, and optimizing its functions would cost more CPU than it saves.
    const child = spawn(process.execPath, ['--liftoff-only', '-e', INIT_SCRIPT, pglite, dataDir], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) return resolve();
      const last = stderr.trim().split('\n').pop() || `exit ${code ?? signal}`;
      reject(new Error(`initdb failed: ${last}`));
    });
  });
}
