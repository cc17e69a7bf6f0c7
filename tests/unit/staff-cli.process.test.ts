// `npm run staff` (scripts/staff.ts) as an operator runs it, on each database, with the shop
// running (a real server process) and stopped: a grant reaches the account's next token, a revoke
// stops the old token at once, and an unknown email is one clear line and exit 1.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authClientFor } from '../../src/server/test-support/clients.ts';
import { databaseTargets, type TestDatabase } from '../../src/server/test-support/databases.ts';
import { launchServer, root, type ServerProcess } from '../../src/server/test-support/launch.ts';
import { signUpThenIn } from '../../src/server/test-support/shopper.ts';
import { staffSocketPath } from '../../src/server/staff/control-socket.ts';

/** Runs the staff script with `args` and `env`; its exit code and output. */
function staff(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/staff.ts', ...args],
      { cwd: root, env: { ...process.env, DATABASE_URL: '', ...env } },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code) : 0, stdout, stderr }),
    );
  });
}

/** The shop's clients over HTTP, with the anon key the page is given. */
async function clientsOf(server: ServerProcess) {
  const page = await (await fetch(`${server.origin}/keebshop/`)).text();
  const anonKey = /"supabaseAnonKey":"([^"]+)"/.exec(page)?.[1] ?? '';
  const to = { url: server.origin, anonKey, fetch };
  const signIn = async (email: string) =>
    (await signUpThenIn(authClientFor(to), email, 'correct horse battery', { existingOk: true }))
      .access_token;
  const csv = (token: string) =>
    fetch(`${server.origin}/functions/v1/admin-orders-csv?from=2026-01-01&to=2026-12-31`, {
      headers: { apikey: anonKey, Authorization: `Bearer ${token}` },
    }).then((r) => r.status);
  return { signIn, csv };
}

const appMetadataOf = (token: string) =>
  (
    JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      app_metadata: Record<string, unknown>;
    }
  ).app_metadata;

describe.each(databaseTargets())('npm run staff on $name', (target) => {
  let base: string;
  let dataDir: string;
  let db: TestDatabase | undefined;
  let env: Record<string, string>;
  const email = `Owner-${Date.now()}@keebshop.test`;
  const address = email.toLowerCase();

  beforeAll(async () => {
    base = mkdtempSync(path.join(os.tmpdir(), 'keebshop-staff-'));
    dataDir = path.join(base, 'data');
    db = target.name === 'postgres' ? await target.open() : undefined;
    env = { DATA_DIR: dataDir, DATABASE_URL: db?.url ?? '' };
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('grants and revokes the role while the shop runs; tokens follow', async () => {
    const server = await launchServer({
      build: true,
      dataDir,
      databaseUrl: db?.url,
      readyWithinMs: 150_000,
    });
    try {
      const shop = await clientsOf(server);
      const before = await shop.signIn(address);
      expect(appMetadataOf(before)).toEqual({ provider: 'email', providers: ['email'] });
      expect(await shop.csv(before)).toBe(403);
      if (target.name === 'pglite') {
        // Only its owner may reach the running shop's staff channel.
        expect(statSync(path.dirname(staffSocketPath(dataDir))).mode & 0o777).toBe(0o700);
      }

      expect(await staff(['add', email], env)).toEqual({
        code: 0,
        stdout: `${address} is now staff\n`,
        stderr: '',
      });
      // The grant shows from the next sign-in (or refresh), as on Supabase.
      const granted = await shop.signIn(address);
      expect(appMetadataOf(granted)).toMatchObject({ role: 'staff' });
      expect(await shop.csv(granted)).toBe(200);
      expect((await staff(['list'], env)).stdout).toBe(`${address}\n`);

      expect(await staff(['remove', address], env)).toEqual({
        code: 0,
        stdout: `${address} is no longer staff\n`,
        stderr: '',
      });
      // The revoke works at once, on the token issued before it.
      expect(await shop.csv(granted)).toBe(403);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 300_000);

  it('works with the shop stopped, and names an unknown email', async () => {
    expect(await staff(['add', 'nobody@keebshop.test'], env)).toEqual({
      code: 1,
      stdout: '',
      stderr: 'No account with email nobody@keebshop.test\n',
    });
    expect((await staff(['add', address], env)).stdout).toBe(`${address} is now staff\n`);
    const server = await launchServer({ dataDir, databaseUrl: db?.url, readyWithinMs: 150_000 });
    try {
      const shop = await clientsOf(server);
      expect(await shop.csv(await shop.signIn(address))).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    expect((await staff(['remove', address], env)).stdout).toBe(`${address} is no longer staff\n`);
    expect((await staff(['list'], env)).stdout).toBe('No staff accounts\n');
    expect((await staff(['promote', address], env)).code).toBe(2);
  }, 300_000);
});
