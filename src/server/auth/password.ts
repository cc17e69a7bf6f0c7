import { scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { runHash, type HashLane } from './hash-queue.ts';

export { MAX_CONCURRENT_HASHES } from './hash-queue.ts';

/**
 * OWASP's first recommendation (Password Storage Cheat Sheet): Argon2id with 19 MiB of memory,
 * 2 passes and 1 lane. About 20 ms per hash here, where scrypt at OWASP's N = 2^17 took 360 ms:
 * sign-ins stay quick when many shoppers arrive at once. The algorithm defaults to Argon2id.
 */
export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with Argon2id; the PHC string (`$argon2id$v=19$m=...`) records its cost. */
export function hashPassword(password: string, lane: HashLane = 'new-password'): Promise<string> {
  return runHash(lane, () => argon2Hash(password.normalize('NFKC'), ARGON2_OPTIONS));
}

// Hashes written before Argon2id: `$scrypt$ln=17,r=8,p=1$<salt>$<key>` (base64). They still verify,
// and a successful sign-in replaces them (needsRehash).
const SCRYPT = /^\$scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/;

function verifyScrypt(password: string, m: RegExpExecArray): Promise<boolean> {
  const [, ln, r, p, salt, key] = m;
  const N = 2 ** Number(ln);
  // scrypt needs 128 * N * r bytes; Node's default cap (32 MiB) is below OWASP's cost.
  const options: ScryptOptions = { N, r: Number(r), p: Number(p), maxmem: 256 * N * Number(r) };
  const expected = Buffer.from(key!, 'base64');
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), Buffer.from(salt!, 'base64'), 32, options, (err, actual) =>
      err
        ? reject(err)
        : resolve(actual.length === expected.length && timingSafeEqual(actual, expected)),
    ),
  );
}

/**
 * Checks a password against a stored hash in constant time; false for any malformed hash. A
 * sign-in's check goes ahead of new passwords being hashed (hash-queue.ts).
 */
export async function verifyPassword(
  password: string,
  stored: string,
  lane: HashLane = 'new-password',
): Promise<boolean> {
  const scryptHash = SCRYPT.exec(stored);
  if (scryptHash) return runHash(lane, () => verifyScrypt(password, scryptHash));
  if (!stored.startsWith('$argon2id$')) return false;
  try {
    return await runHash(lane, () => argon2Verify(stored, password.normalize('NFKC')));
  } catch {
    return false; // a malformed PHC string
  }
}

/** True when `stored` is not an Argon2id hash at today's cost, so a sign-in should replace it. */
export function needsRehash(stored: string): boolean {
  const { memoryCost: m, timeCost: t, parallelism: p } = ARGON2_OPTIONS;
  return !stored.startsWith(`$argon2id$v=19$m=${m},t=${t},p=${p}$`);
}
