// Password hashing shares libuv's thread pool with file I/O: a burst of sign-ins must not leave the
// server unable to read a file (static assets, the payments sandbox's state) until they finish.
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { hashPassword, MAX_CONCURRENT_HASHES, verifyPassword } from './password.ts';

it('keeps part of the thread pool free for files while many passwords hash', async () => {
  expect(MAX_CONCURRENT_HASHES).toBeLessThan(4);
  const settled: string[] = [];
  const hashes = Array.from({ length: 8 }, (_, i) =>
    hashPassword(`password-${i}`, 16).then((hash) => {
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
