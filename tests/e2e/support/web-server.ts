// The browser tests' server (playwright.config.ts webServer): the real `npm start` path (build when
// stale, then the compiled dist/server/main.js) through the one launcher, on E2E_PORT, with a fresh
// embedded database per run that is removed when the run ends.
import { mkdirSync, rmSync } from 'node:fs';
import { spawnServer } from '../../../src/server/test-support/launch.ts';
import { e2eDataDir } from './data-dir.ts';
import { mailboxPort, mailboxSmtpPort } from './mailbox.ts';

const port = Number(process.env.E2E_PORT ?? 3200);
// Named by the port, so a test can reach the same database (`npm run staff` through DATA_DIR).
const dataDir = e2eDataDir(port);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
// Playwright waits for /healthz itself; this process lives as long as the server does.
const server = spawnServer({
  entry: 'scripts/start.mjs',
  port,
  // The server's payments sandbox on a port of its own, not a development server's 12111.
  sandboxPort: Number(process.env.E2E_SANDBOX_PORT ?? port + 1),
  // The development mailbox the tests read mail from (support/mailbox.ts): E2E_MAILBOX_PORT, or
  // E2E_PORT + 2, never a developer's 1080.
  mailboxPort,
  dataDir,
  output: 'inherit',
  // PGlite (no databaseUrl), not the PostgreSQL database CI creates for the server tests: see
  // README "Test it".
  // Every browser test signs up from 127.0.0.1: one address would meet the per-address sign-up
  // limit (SIGNUP_RATE_LIMIT_PER_IP, 30 per window) as the suite grows; the limit has its own tests.
  // The address the browser tests use, as a real shop's PUBLIC_URL: mailed links and the tokens
  // their verify step issues name it, so a link opened in the browser signs in on this origin
  // (without it, links name http://localhost:PORT, whose tokens 127.0.0.1 refuses by issuer).
  env: {
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    SIGNUP_RATE_LIMIT_PER_IP: '1000',
    MAILBOX_SMTP_PORT: String(mailboxSmtpPort),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  },
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void server.stop(signal));
}
void server.exited.then((code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(typeof code === 'number' ? code : 0);
});
