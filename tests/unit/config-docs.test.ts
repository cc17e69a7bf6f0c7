// The configuration tables of the README and docs/operations.md list exactly the variables the
// server reads (src/server/config.ts and the schemas it merges), with the same defaults.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** Variable names declared as keys of the zod env schemas (`  NAME: z...`). */
function variablesReadByServer(): string[] {
  const sources = [
    'src/server/config.ts',
    'src/server/auth/settings.ts',
    'src/server/payments/settings.ts',
  ];
  const names = sources.flatMap((f) => [...read(f).matchAll(/^\s+([A-Z][A-Z0-9_]+): z\b/gm)]);
  return names.map((m) => m[1]!).sort();
}

/** The `| \`NAME\` | default | meaning |` rows of the first table that has a Variable column. */
function documented(file: string): Map<string, string> {
  const rows = [...read(file).matchAll(/^\| `([A-Z][A-Z0-9_]+)`\s*\|\s*([^|]*?)\s*\|/gm)];
  return new Map(rows.map((m) => [m[1]!, m[2]!]));
}

it('documents every variable the server reads, and no other, in both places', () => {
  const server = variablesReadByServer();
  expect(server).toContain('DATABASE_URL');
  expect(server).toContain('STRIPE_WEBHOOK_SECRET');
  expect([...documented('README.md').keys()].sort()).toEqual(server);
  expect([...documented('docs/operations.md').keys()].sort()).toEqual(server);
});

it('gives the same default in the README and the operations guide', () => {
  const readme = documented('README.md');
  const ops = documented('docs/operations.md');
  for (const [name, value] of readme) expect(ops.get(name), name).toBe(value);
});
