// Password hashing: Argon2id at OWASP's cost, older scrypt hashes still verifying, and a thread pool
// shared with file I/O: a burst of sign-ins must not leave the server unable to read a file (static
// assets, the payments sandbox's state) until they finish.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { hashPassword, MAX_CONCURRENT_HASHES, needsRehash, verifyPassword } from './password.ts';
import { legacyScryptHash } from '../test-support/index.ts';

describe('password hashes', () => {
  it("are Argon2id at OWASP's cost, salted, and verify only the right password", async () => {
    const [a, b] = await Promise.all([
      hashPassword('hunter2-hunter2'),
      hashPassword('hunter2-hunter2'),
    ]);
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('hunter2-hunter2', a)).toBe(true);
    expect(await verifyPassword('hunter2-hunter3', a)).toBe(false);
    expect(needsRehash(a)).toBe(false);
  });

  it('treats canonically equal passwords alike (NFKC)', async () => {
    const hash = await hashPassword('caf\u00e9-password');
    expect(await verifyPassword('cafe\u0301-password', hash)).toBe(true);
  });

  it('still verifies scrypt hashes from before, and asks for them to be replaced', async () => {
    const old = legacyScryptHash('old-password-1');
    expect(await verifyPassword('old-password-1', old)).toBe(true);
    expect(await verifyPassword('old-password-2', old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash('$argon2id$v=19$m=4096,t=3,p=1$c2FsdHNhbHQ$aGFzaA')).toBe(true);
  });

  it('refuses malformed or unknown hashes instead of throwing', async () => {
    for (const stored of ['', 'plain', '$argon2id$v=19$m=19456,t=2,p=1$!!$??', '$2b$10$abc']) {
      expect(await verifyPassword('whatever-123', stored)).toBe(false);
    }
  });
});

it('keeps part of the thread pool free for files while many passwords hash', async () => {
  expect(MAX_CONCURRENT_HASHES).toBeLessThan(4);
  const settled: string[] = [];
  const hashes = Array.from({ length: 8 }, (_, i) =>
    hashPassword(`password-${i}`).then((hash) => {
      settled.push('hash');
      return hash;
    }),
  );
  await readFile(import.meta.filename);
  settled.push('file');
  // The file was read while the first hashes were still running, not after them.
  expect(settled[0]).toBe('file');
  const all = await Promise.all(hashes);
  expect(await verifyPassword('password-3', all[3]!)).toBe(true);
  expect(await verifyPassword('password-3', all[4]!)).toBe(false);
}, 60_000);
