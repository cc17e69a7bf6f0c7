// A second shop server for the accounts browser tests whose access tokens live only a few seconds,
// so a test can let one expire for real. It is the production app (composeApp); only the token
// lifetime is set below JWT_EXPIRY's floor, which exists to spare real shoppers refresh storms.
// Env: PORT, DATA_DIR (fresh), SHORT_JWT_EXPIRY (seconds, default 5). Serves the built dist/web.
import path from 'node:path';
import { serve } from '@hono/node-server';
import { composeApp } from '../../../src/server/compose.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { runMigrations } from '../../../src/server/db/migrate.ts';
import { openDatabase } from '../../../src/server/db/open.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const config = loadConfig();
const jwtExpirySeconds = Number(process.env.SHORT_JWT_EXPIRY ?? 5);

const db = await openDatabase(config);
await runMigrations(db);
const { app } = await composeApp({
  config: { ...config, auth: { ...config.auth, jwtExpirySeconds } },
  db,
  webDir: path.join(root, 'dist/web'),
  isReady: () => true,
});
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  console.log(`short-token server on ${info.port}, tokens live ${jwtExpirySeconds} s`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close();
    void db.close().finally(() => process.exit(0));
  });
}
