import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

export interface Listener {
  port: number;
  /** http://127.0.0.1:<port> */
  url: string;
  close(): Promise<void>;
}

/** A node:http server on a loopback port (default: a free one) answering with `handle`. */
export async function listen(
  handle: (request: Request) => Response | Promise<Response>,
  port = 0,
): Promise<Listener> {
  const server = serve({ fetch: handle, port, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    port: bound,
    url: `http://127.0.0.1:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive sockets of the official clients must not hold the close open.
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}
