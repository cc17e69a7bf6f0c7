// `npm start`: builds the web app and the server when missing or older than their sources, then
// runs the compiled server (dist/server/main.js: plain JavaScript, no TypeScript loader).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';

const root = path.resolve(import.meta.dirname, '..');

const status = buildIfStale();
if (status !== 0) process.exit(status);

const entry = path.join(root, 'dist/server/main.js');
// Node's options for the server, shared with every launcher (src/server/test-support/launch.ts):
// V8's young generation and a bounded old one (docs/decisions/0034-memory-budget.md).
const nodeFlags = JSON.parse(
  readFileSync(path.join(root, 'scripts/server-node-flags.json'), 'utf8'),
);
const server = spawn(process.execPath, [...nodeFlags, entry], {
  cwd: root,
  // The IPC channel closes when this process ends, however it ends (SIGKILL included): the server
  // then stops too, instead of living on, orphaned, holding the port and DATA_DIR.
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
});

// Forward a stop request; the server shuts down cleanly and exits 0 itself.
let stopRequested = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopRequested = true;
    server.kill(signal);
  });
}
// A server killed by a signal nobody asked for is a failure, not a clean stop.
server.on('exit', (code, signal) => process.exit(code ?? (signal && stopRequested ? 0 : 1)));
