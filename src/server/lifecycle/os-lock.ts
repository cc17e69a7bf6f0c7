// The operating system's half of the DATA_DIR lock (docs/decisions/0016-data-dir-lock.md): a Unix
// socket in Linux's abstract namespace, named after the directory's device and inode. It is no
// file, so deleting DATA_DIR/keebshop.lock cannot remove it, and the kernel frees it the moment
// its process ends, however it ends (SIGKILL included). Elsewhere only the lock file holds.
import net from 'node:net';
import { errorCode } from './startup-error.ts';

export interface OsLock {
  release(): void;
}

/** The socket's name: one per directory, whatever path or link it was reached by. */
export const osLockName = (dirId: string) => `\0keebshop-data-dir-${dirId.replace(':', '-')}`;

/**
 * Binds the directory's socket: an OsLock, `null` where the platform has no abstract sockets,
 * or `'taken'` when another process holds the directory.
 */
export function takeOsLock(dirId: string): Promise<OsLock | 'taken' | null> {
  if (process.platform !== 'linux') return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const server = net.createServer((socket) => socket.destroy());
    server.once('error', (err) => {
      if (errorCode(err) === 'EADDRINUSE') resolve('taken');
      else reject(err);
    });
    server.listen(osLockName(dirId), () => {
      // Held for the process's life, without keeping it alive.
      server.unref();
      resolve({ release: () => server.close() });
    });
  });
}
