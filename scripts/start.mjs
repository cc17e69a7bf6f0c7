// `npm start`: builds the web app when it is missing or older than its sources, then runs the server.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';

const root = path.resolve(import.meta.dirname, '..');

const status = buildIfStale();
if (status !== 0) process.exit(status);

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
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
