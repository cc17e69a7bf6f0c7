// Real server processes for the load and crash runs: `src/server/main.ts` as `npm start` runs it,
// on loopback ports, with a DATA_DIR the caller keeps (so a killed instance restarts on it) and a
// payments-sandbox port that instances on one machine share.
import type { ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { spawnServerProcess, waitForHealthy, type ServerProcessOptions } from '../server.ts';

export { freePort } from '../server.ts';

export interface InstanceOptions extends ServerProcessOptions {
  /** Stdout and stderr of the process are appended here. */
  logFile: string;
}

export interface Instance {
  origin: string;
  options: InstanceOptions;
  child: ChildProcess;
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string>;
}

/** Starts one server process; does not wait for it to be ready (see waitHealthy). */
export function spawnInstance(options: InstanceOptions): Instance {
  const log = createWriteStream(options.logFile, { flags: 'a' });
  const child = spawnServerProcess(options, ['ignore', 'pipe', 'pipe']);
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => {
      // Let the pipes drain into the log before it closes.
      setTimeout(() => log.end(), 50);
      resolve(code ?? signal ?? 'unknown');
    }),
  );
  return { origin: `http://127.0.0.1:${options.port}`, options, child, exited };
}

/** Waits until GET /healthz answers 200; throws if the process exits first or time runs out. */
export function waitHealthy(instance: Instance, timeoutMs = 90_000): Promise<number> {
  let exited = false;
  void instance.exited.then(() => (exited = true));
  return waitForHealthy(instance.origin, () => exited, timeoutMs);
}

/** Stops an instance with `signal` (SIGTERM: a clean stop) and waits for it to exit. */
export async function stopInstance(
  instance: Instance,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<number | string> {
  if (instance.child.exitCode === null && instance.child.signalCode === null) {
    instance.child.kill(signal);
  }
  return instance.exited;
}
