// The browser tests' shared server (playwright.config.ts globalSetup): the real `npm start` path
// (build when stale, then the compiled dist/server/main.js) through the one launcher, on free ports
// so two runs on one machine never meet, with a fresh embedded database removed when the run ends.
// The ports and DATA_DIR reach the workers through process.env (support/shared-server.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, launchServer } from '../../../src/server/test-support/launch.ts';
import { mailboxReady } from './mailbox.ts';
import { mailboxOrigin, SHARED_SERVER_ENV, shopURL } from './shared-server.ts';

/** Each port as set in the environment (E2E_PORT...), else a free one no other of them took. */
async function choosePorts() {
  const taken = new Set<number>();
  const pick = async (name: string): Promise<number> => {
    let port = Number(process.env[name] ?? 0) || (await freePort());
    while (taken.has(port)) port = await freePort();
    taken.add(port);
    return port;
  };
  return {
    port: await pick(SHARED_SERVER_ENV.port),
    sandboxPort: await pick(SHARED_SERVER_ENV.sandboxPort),
    mailboxPort: await pick(SHARED_SERVER_ENV.mailboxPort),
    mailboxSmtpPort: await pick(SHARED_SERVER_ENV.mailboxSmtpPort),
  };
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const ports = await choosePorts();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'keebshop-e2e-'));
  const server = await launchServer({
    entry: 'scripts/start.mjs',
    port: ports.port,
    // The payments sandbox and the development mailbox on ports of their own, never a development
    // server's 12111 or 1080.
    sandboxPort: ports.sandboxPort,
    mailboxPort: ports.mailboxPort,
    dataDir,
    output: 'inherit',
    // A cold start may build the web app and the server first.
    readyWithinMs: 180_000,
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
      MAILBOX_SMTP_PORT: String(ports.mailboxSmtpPort),
      PUBLIC_URL: new URL(shopURL(String(ports.port))).origin,
    },
  }).catch((err: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  });
  process.env[SHARED_SERVER_ENV.port] = String(ports.port);
  process.env[SHARED_SERVER_ENV.sandboxPort] = String(ports.sandboxPort);
  process.env[SHARED_SERVER_ENV.mailboxPort] = String(ports.mailboxPort);
  process.env[SHARED_SERVER_ENV.mailboxSmtpPort] = String(ports.mailboxSmtpPort);
  process.env[SHARED_SERVER_ENV.dataDir] = dataDir;
  const stop = async () => {
    await server.stop('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  // The server answers /healthz before its mailbox listens (a few seconds later): the mail tests
  // need it, so the run starts once it answers too.
  await mailboxReady(mailboxOrigin(), 30_000).catch(async (err: unknown) => {
    await stop();
    throw err;
  });
  return stop;
}
