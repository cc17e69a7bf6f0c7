import { randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Queryable } from '../db/types.ts';

export const SIGNING_ALG = 'ES256';

/** The signing key pair of this service and the publishable (anon) key, shared by all instances. */
export interface AuthKeys {
  kid: string;
  privateKey: CryptoKey;
  /** Public keys by kid: every stored key verifies, the active one also signs. */
  publicKeys: Map<string, { key: CryptoKey; jwk: JWK }>;
  anonKey: string;
}

interface KeyRow {
  kid: string;
  private_jwk: JWK;
  public_jwk: JWK;
  active: boolean;
}

async function createSigningKey(db: Queryable): Promise<void> {
  const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  // Two instances starting together both try; the one-active index keeps the first.
  await db.query(
    `INSERT INTO auth.signing_keys (kid, private_jwk, public_jwk) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING`,
    [kid, await exportJWK(privateKey), { ...publicJwk, kid, alg: SIGNING_ALG, use: 'sig' }],
  );
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
export async function loadAuthKeys(db: Queryable): Promise<AuthKeys> {
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
  };
}
