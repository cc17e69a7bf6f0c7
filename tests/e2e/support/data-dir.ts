import os from 'node:os';
import path from 'node:path';

/** The browser tests' server's DATA_DIR: one per port, emptied when the server starts and ends. */
export function e2eDataDir(port: number): string {
  return path.join(os.tmpdir(), `keebshop-e2e-${port}`);
}
