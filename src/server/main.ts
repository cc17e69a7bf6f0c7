import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createWebAssets } from './web/static.ts';

/** Reads config, opens what the shop needs, starts listening, and stops cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  let ready = false;
  const web = await createWebAssets(path.resolve('dist/web'));
  const app = createApp({ web, isReady: () => ready });

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    ready = true;
    console.log(`Keebshop is running at http://localhost:${info.port}/keebshop/`);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, shutting down`);
    server.close(() => process.exit(0));
    // Idle keep-alive sockets must not hold the process open.
    (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
