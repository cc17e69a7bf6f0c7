// A second shop server for the accounts browser tests whose access tokens live only a few seconds,
// so a test can let one expire for real. It is the production app (startTestServer runs
// composeApp) over a fresh PGlite; only the token lifetime is set below JWT_EXPIRY's floor, which
// exists to spare real shoppers refresh storms. Started by the launcher (see accounts.spec.ts).
// Env: PORT, SHORT_JWT_EXPIRY (seconds, default 5). Serves the built dist/web.
import { startTestServer } from '../../../src/server/test-support/index.ts';

const jwtExpirySeconds = Number(process.env.SHORT_JWT_EXPIRY ?? 5);

const server = await startTestServer({
  port: Number(process.env.PORT),
  web: 'built',
  env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
  configure: (config) => ({ ...config, auth: { ...config.auth, jwtExpirySeconds } }),
});
console.log(`short-token server on ${server.url}, tokens live ${jwtExpirySeconds} s`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void server.close().finally(() => process.exit(0)));
}
