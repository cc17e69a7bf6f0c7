// The browser tests' server: the real `npm start` path (build when stale, then src/server/main.ts)
// on its own port, with a fresh embedded database per run that is removed when the run ends.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'keebshop-e2e-'));

const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT ?? '3200',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // PGlite, not the PostgreSQL database CI creates for the server tests: see README "Browser tests".
    DATABASE_URL: '',
    // The server's payments sandbox on a port of its own, not a development server's 12111.
    SANDBOX_PORT: process.env.E2E_SANDBOX_PORT ?? String(Number(process.env.E2E_PORT ?? 3200) + 1),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  },
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 0 : 1));
});
