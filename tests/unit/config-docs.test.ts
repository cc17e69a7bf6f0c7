// The configuration table of docs/operations.md (the only one; the README links it) lists exactly
// the variables the server reads, with their defaults: src/server/config.ts and the env shapes it
// merges, found through its imports so the test follows them when they move.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const CONFIG = 'src/server/config.ts';

/** The modules `file` imports (or re-exports) a `...EnvShape` from, followed through barrels. */
function shapeSources(file: string): string[] {
  const links = [...read(file).matchAll(/(?:import|export)\s*{([^}]*)}\s*from\s*'(\.[^']+)'/g)];
  return links
    .filter((m) => /\w+EnvShape\b/.test(m[1]!))
    .map((m) => path.join(path.dirname(file), m[2]!))
    .flatMap((source) => (/EnvShape\s*=/.test(read(source)) ? [source] : shapeSources(source)));
}

/** config.ts and every module that declares an env shape it spreads in. */
function schemaFiles(): string[] {
  return [CONFIG, ...shapeSources(CONFIG)];
}

/**
 * Variables declared as keys of the zod env schemas (`  NAME: z...`), each with its default as
 * the table writes it: the `.default(...)` value, or "unset".
 */
function variablesReadByServer(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of schemaFiles()) {
    const text = read(file);
    const keys = [...text.matchAll(/^\s+([A-Z][A-Z0-9_]+): z\b/gm)];
    keys.forEach((key, i) => {
      const rest = text.slice(key.index, keys[i + 1]?.index ?? text.length);
      // A key's declaration ends where the object does (a line at column 0) or a spread begins.
      const declaration = rest.split(/\n(?=\S|\s*\.\.\.)/)[0]!;
      const value = /\.default\(\s*([^)]*?)\s*\)/.exec(declaration)?.[1];
      found.set(key[1]!, value === undefined ? 'unset' : value.replace(/^'|'$|_/g, ''));
    });
  }
  return found;
}

/** The `| \`NAME\` | default | meaning |` rows of a file, as name to default (backticks dropped). */
function documented(file: string): Map<string, string> {
  const rows = [...read(file).matchAll(/^\| `([A-Z][A-Z0-9_]+)`\s*\|\s*([^|]*?)\s*\|/gm)];
  return new Map(rows.map((m) => [m[1]!, m[2]!.replaceAll('`', '')]));
}

it('documents every variable the server reads, and no other, in docs/operations.md', () => {
  const server = variablesReadByServer();
  expect(server.get('DATABASE_URL')).toBe('unset');
  expect(server.get('PORT')).toBe('3000');
  expect(server.has('STRIPE_WEBHOOK_SECRET')).toBe(true);
  expect([...documented('docs/operations.md').keys()].sort()).toEqual([...server.keys()].sort());
});

it('gives each variable the default the server applies', () => {
  const table = documented('docs/operations.md');
  for (const [name, value] of variablesReadByServer()) expect(table.get(name), name).toBe(value);
});

it('keeps the table in one place: the README links it instead of repeating it', () => {
  expect(documented('README.md').size).toBe(0);
  expect(read('README.md')).toContain('docs/operations.md');
});
