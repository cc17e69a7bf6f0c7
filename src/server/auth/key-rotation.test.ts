// Rotating the signing key: a new key signs (on every instance within a minute), tokens signed by
// the retired key keep working until it is pruned, and `npm run keys:rotate|prune` does it.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import { KEY_SYNC_INTERVAL_MS, loadAuthKeys, pruneRetiredKeys, rotateSigningKey } from './keys.ts';
import {
  databaseTargets,
  fetchUser,
  serverFixture,
  signUpAndIn,
  startTestServer,
  type TestServer,
} from '../test-support/index.ts';

const kidOf = (jwt: string) =>
  (JSON.parse(Buffer.from(jwt.split('.')[0]!, 'base64url').toString()) as { kid: string }).kid;

describe.each(databaseTargets())('signing-key rotation on $name', (target) => {
  const fx = serverFixture(target);

  const signIn = async (on: TestServer, email: string) =>
    (await signUpAndIn(on, email)).session.access_token;
  const userStatus = async (on: TestServer, token: string) => (await fetchUser(on, token)).status;
  /** The data API's answer to a signed-in read (it caches verified tokens between requests). */
  const ordersStatus = async (on: TestServer, token: string) =>
    (await on.restClient(token).from('orders').select('id')).status;
  const jwksKids = async (on: TestServer) => {
    const res = await on.fetch(`${on.url}/auth/v1/.well-known/jwks.json`);
    return ((await res.json()) as { keys: { kid: string }[] }).keys.map((k) => k.kid).sort();
  };

  it('switches signing to the new key while old tokens keep verifying, then prunes the old key', async () => {
    const before = await signIn(fx.server, 'before@example.com');
    const oldKid = kidOf(before);

    const { kid: newKid, retired } = await rotateSigningKey(fx.db);
    expect(retired).toEqual([oldKid]);
    expect(newKid).not.toBe(oldKid);
    // A server started after the rotation signs with the new key at once.
    const later = await startTestServer({ db: fx.db });
    expect(kidOf(await signIn(later, 'later@example.com'))).toBe(newKid);
    expect(await userStatus(later, before)).toBe(200);

    // The running server picks the new key up within KEY_SYNC_INTERVAL_MS.
    fx.server.clock.advance(KEY_SYNC_INTERVAL_MS + 1000);
    const after = await signIn(fx.server, 'after@example.com');
    expect(kidOf(after)).toBe(newKid);
    expect(await userStatus(fx.server, before)).toBe(200);
    expect(await userStatus(fx.server, after)).toBe(200);
    expect(await ordersStatus(fx.server, before)).toBe(200);
    expect(await jwksKids(fx.server)).toEqual([newKid, oldKid].sort());

    // Pruning leaves a recently retired key alone...
    expect(await pruneRetiredKeys(fx.db, new Date(Date.now() - 3600_000))).toEqual([]);
    // ...and deletes it once its tokens can have expired; instances stop trusting it within a minute.
    expect(await pruneRetiredKeys(fx.db, new Date(Date.now() + 1000))).toEqual([oldKid]);
    fx.server.clock.advance(KEY_SYNC_INTERVAL_MS + 1000);
    expect(await userStatus(fx.server, before)).toBe(403);
    expect(await userStatus(fx.server, after)).toBe(200);
    // The data API had verified `before` already: it refuses it too, not only fresh tokens.
    expect(await ordersStatus(fx.server, before)).toBe(401);
    expect(await ordersStatus(fx.server, after)).toBe(200);
    expect(await jwksKids(fx.server)).toEqual([newKid]);
    await later.close();
  });
});

describe('npm run keys:rotate and keys:prune', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'keebshop-keys-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const cli = (command: string) =>
    promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        path.resolve(import.meta.dirname, '../../../scripts/signing-keys.ts'),
        command,
      ],
      // The script takes DATA_DIR's lock, as the server does: it never opens PGlite under one.
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' } },
    );

  it('rotates the key of the embedded database and prunes nothing that may still verify', async () => {
    let db = await openPglite(dataDir);
    await runMigrations(db);
    const first = (await loadAuthKeys(db)).kid;
    await db.close();

    const rotated = await cli('rotate');
    expect(rotated.stdout).toMatch(/^New signing key \S+ is active/m);
    expect(rotated.stdout).toContain(`Retired (still verifying until pruned): ${first}`);
    const pruned = await cli('prune');
    expect(pruned.stdout).toContain('No retired key is old enough to delete.');

    db = await openPglite(dataDir);
    const { rows } = await db.query<{ kid: string; active: boolean }>(
      'SELECT kid, active FROM auth.signing_keys ORDER BY active',
    );
    await db.close();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual({ kid: first, active: false });
    expect(rotated.stdout).toContain(`New signing key ${rows[1]!.kid} is active`);
  }, 120_000);
});
