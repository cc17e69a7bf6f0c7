// The stop on SIGTERM: stop accepting connections, answer every request already received, then
// close, within DRAIN_TIMEOUT (docs/operations.md, What one instance is).
import type { Server, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';

/** How long nothing is in flight before idle connections are closed: buffered requests get read. */
const QUIET_MS = 100;

export interface RequestTracker {
  /** Requests received and not yet answered. */
  inFlight(): number;
  /**
   * Stops accepting connections and answers what was received (each answer closes its
   * connection); resolves once every connection is closed, or after `limitMs` with the number of
   * requests it cut off.
   */
  drain(limitMs: number): Promise<{ cut: number }>;
}

/** Follows every request of `server` from now on, so a stop can wait for them. */
export function trackRequests(server: Server): RequestTracker {
  const open = new Set<ServerResponse>();
  let draining = false;
  let accepted = 0;
  server.on('connection', () => (accepted += 1));
  let quiet: (() => void) | undefined;
  // Before the app's listener, so the header is set before anything is written.
  server.prependListener('request', (_req, res) => {
    open.add(res);
    if (draining) res.setHeader('Connection', 'close');
    res.once('close', () => {
      open.delete(res);
      if (open.size === 0) quiet?.();
    });
  });

  /** Resolves once a turn of the event loop takes in no new connection, or at `until`. */
  async function catchUp(until: number) {
    let before: number;
    do {
      before = accepted;
      await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setImmediate(r)); // right after a poll phase
    } while (accepted !== before && Date.now() < until);
  }

  return {
    inFlight: () => open.size,
    drain(limitMs) {
      draining = true;
      for (const res of open) if (!res.headersSent) res.setHeader('Connection', 'close');
      return new Promise((resolve) => {
        let settled = false;
        const finish = (cut: number) => {
          if (settled) return;
          settled = true;
          clearTimeout(limit);
          resolve({ cut });
        };
        const limit = setTimeout(() => {
          const cut = open.size;
          server.closeAllConnections();
          finish(cut);
        }, limitMs);
        // Shoppers whose connections the system has queued but the busy event loop has not yet
        // taken in have sent their requests: closing the listener now would reset them, and Node
        // takes in about one queued connection per turn of its loop. So the listener closes once a
        // turn brings no new connection, or after half the drain limit, keeping the other half
        // for the answers.
        void catchUp(Date.now() + limitMs / 2).then(() => {
          // net.Server's close only stops listening. http.Server's would also drop every
          // connection without a request in progress, and a request received but not yet parsed
          // looks just like that.
          NetServer.prototype.close.call(server, () => finish(0));
          if (open.size === 0) quiet?.();
        });
        quiet = () => {
          setTimeout(() => {
            if (open.size === 0) server.closeIdleConnections();
          }, QUIET_MS);
        };
        if (open.size === 0) quiet();
      });
    },
  };
}
