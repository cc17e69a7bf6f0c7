import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 32;
const R = 8;
const P = 1;

/**
 * How many hashes may run at once. scrypt runs on libuv's thread pool (4 threads by default), which
 * every file read and write shares: with all of it hashing, a burst of sign-ins held static files
 * and the payments sandbox's writes for seconds (npm run load). Half the pool is left for files.
 */
export const MAX_CONCURRENT_HASHES = Math.max(
  1,
  Math.floor(Number(process.env.UV_THREADPOOL_SIZE || 4) / 2),
);
let hashing = 0;
const waiting: (() => void)[] = [];

function acquire(): Promise<void> {
  if (hashing < MAX_CONCURRENT_HASHES) {
    hashing += 1;
    return Promise.resolve();
  }
  return new Promise((resolve) => waiting.push(resolve));
}

// The slot passes straight to the next waiter, so no newcomer can slip in between.
function release(): void {
  const next = waiting.shift();
  if (next) next();
  else hashing -= 1;
}

async function derive(password: string, salt: Buffer, log2N: number, r: number, p: number) {
  const N = 2 ** log2N;
  // scrypt needs 128 * N * r bytes; Node's default cap (32 MiB) is below OWASP's cost.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  await acquire();
  try {
    return await new Promise<Buffer>((resolve, reject) =>
      scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
        err ? reject(err) : resolve(key),
      ),
    );
  } finally {
    release();
  }
}

/**
 * Hashes a password with scrypt (N = 2^log2N, r = 8, p = 1). The parameters are stored in the
 * hash, `$scrypt$ln=17,r=8,p=1$<salt>$<key>`, so the cost can change without breaking old hashes.
 */
export async function hashPassword(password: string, log2N: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, log2N, R, P);
  return `$scrypt$ln=${log2N},r=${R},p=${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

const FORMAT = /^\$scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/;

/** Checks a password against a stored hash in constant time; false for any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const m = FORMAT.exec(stored);
  if (!m) return false;
  const [, ln, r, p, salt, key] = m;
  const expected = Buffer.from(key!, 'base64');
  const actual = await derive(
    password,
    Buffer.from(salt!, 'base64'),
    Number(ln),
    Number(r),
    Number(p),
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
