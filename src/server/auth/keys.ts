import { randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Database, Queryable } from '../db/types.ts';

export const SIGNING_ALG = 'ES256';
/** How often an instance re-reads the stored keys, so a rotation or a prune reaches all of them. */
export const KEY_SYNC_INTERVAL_MS = 60_000;

/** The signing key pair of this service and the publishable (anon) key, shared by all instances. */
export interface AuthKeys {
  kid: string;
  privateKey: CryptoKey;
  /** Public keys by kid: every stored key verifies, the active one also signs. */
  publicKeys: Map<string, { key: CryptoKey; jwk: JWK }>;
  anonKey: string;
  /** When the keys were last read from the database (ms since the epoch). */
  syncedAt: number;
}

interface KeyRow {
  kid: string;
  private_jwk: JWK;
  public_jwk: JWK;
  active: boolean;
}

async function createSigningKey(db: Queryable): Promise<string> {
  const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  // Two instances starting together both try; the one-active index keeps the first.
  await db.query(
    `INSERT INTO auth.signing_keys (kid, private_jwk, public_jwk) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING`,
    [kid, await exportJWK(privateKey), { ...publicJwk, kid, alg: SIGNING_ALG, use: 'sig' }],
  );
  return kid;
}

async function createAnonKey(db: Queryable): Promise<void> {
  const key = `sb_publishable_${randomBytes(24).toString('base64url')}`;
  await db.query(
    `INSERT INTO auth.api_keys (name, key) VALUES ('anon', $1) ON CONFLICT DO NOTHING`,
    [key],
  );
}

/** Reads every stored public key (e.g. after another instance rotated), by kid. */
export async function loadPublicKeys(db: Queryable): Promise<AuthKeys['publicKeys']> {
  const { rows } = await db.query<KeyRow>(
    'SELECT kid, private_jwk, public_jwk, active FROM auth.signing_keys',
  );
  const keys: AuthKeys['publicKeys'] = new Map();
  for (const row of rows) {
    keys.set(row.kid, {
      key: (await importJWK(row.public_jwk, SIGNING_ALG)) as CryptoKey,
      jwk: row.public_jwk,
    });
  }
  return keys;
}

/** Loads the keys, generating and storing them first if this is the database's first start. */
export async function loadAuthKeys(
  db: Queryable,
  now: () => Date = () => new Date(),
): Promise<AuthKeys> {
  let active = await db.query<KeyRow>(
    'SELECT kid, private_jwk, public_jwk, active FROM auth.signing_keys WHERE active',
  );
  if (active.rows.length === 0) {
    await createSigningKey(db);
    active = await db.query<KeyRow>(
      'SELECT kid, private_jwk, public_jwk, active FROM auth.signing_keys WHERE active',
    );
  }
  let anon = await db.query<{ key: string }>("SELECT key FROM auth.api_keys WHERE name = 'anon'");
  if (anon.rows.length === 0) {
    await createAnonKey(db);
    anon = await db.query<{ key: string }>("SELECT key FROM auth.api_keys WHERE name = 'anon'");
  }
  const row = active.rows[0];
  const anonKey = anon.rows[0]?.key;
  if (!row || !anonKey) throw new Error('auth keys could not be created');
  return {
    kid: row.kid,
    privateKey: (await importJWK(row.private_jwk, SIGNING_ALG)) as CryptoKey,
    publicKeys: await loadPublicKeys(db),
    anonKey,
    syncedAt: now().getTime(),
  };
}

/**
 * Re-reads the active key and the public keys once KEY_SYNC_INTERVAL_MS has passed since the last
 * read: after `keys:rotate` every instance signs with the new key within a minute, and after
 * `keys:prune` none trusts a deleted key any longer.
 */
export async function syncAuthKeys(db: Queryable, keys: AuthKeys, nowMs: number): Promise<void> {
  if (nowMs - keys.syncedAt < KEY_SYNC_INTERVAL_MS) return;
  keys.syncedAt = nowMs; // first, so concurrent requests do not all read
  const { rows } = await db.query<KeyRow>(
    'SELECT kid, private_jwk, public_jwk, active FROM auth.signing_keys WHERE active',
  );
  const row = rows[0];
  if (row && row.kid !== keys.kid) {
    keys.privateKey = (await importJWK(row.private_jwk, SIGNING_ALG)) as CryptoKey;
    keys.kid = row.kid;
  }
  keys.publicKeys = await loadPublicKeys(db);
}

/**
 * Makes a new signing key the active one. The old one is retired: it signs no more, but tokens it
 * signed keep verifying until pruneRetiredKeys removes it.
 */
export async function rotateSigningKey(db: Database): Promise<{ kid: string; retired: string[] }> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ kid: string }>(
      'UPDATE auth.signing_keys SET active = false, retired_at = now() WHERE active RETURNING kid',
    );
    const kid = await createSigningKey(tx);
    return { kid, retired: rows.map((r) => r.kid) };
  });
}

/** Deletes the keys retired before `before` (once every token they signed has expired). */
export async function pruneRetiredKeys(db: Queryable, before: Date): Promise<string[]> {
  const { rows } = await db.query<{ kid: string }>(
    'DELETE FROM auth.signing_keys WHERE NOT active AND retired_at < $1 RETURNING kid',
    [before],
  );
  return rows.map((r) => r.kid);
}
