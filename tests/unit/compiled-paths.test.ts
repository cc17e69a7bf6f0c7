// The compiled server (dist/server, docs/decisions/0033-compiled-server.md) bundles these sources
// into files two directories below the root, so a path built from `import.meta` in a bundled file
// points elsewhere once compiled unless it was made for that. Files that read files at run time
// go through src/server/paths.ts; the few that use `import.meta` themselves are listed here, each
// checked to work from src/ and from dist/server/.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const BUNDLED = ['src/server', 'src/payments-sandbox', 'src/catalogue', 'src/contracts'];

const ALLOWED = new Set([
  // The root, two directories up from both src/server/ and dist/server/.
  'src/server/paths.ts',
  // The sandbox's stylesheets, from the root the same way.
  'src/payments-sandbox/page-routes.ts',
  // The mailbox's child beside itself: src/server/mail/*.ts or dist/server/*.js.
  'src/server/mail/dev-mailbox.ts',
  // The maps of the compiled files beside them; a no-op in the sources.
  'src/server/source-maps.ts',
  // Style imports as empty modules when the server runs from its sources; a no-op compiled.
  'src/server/web/css-imports.ts',
]);

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sources(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [file] : [];
  });
}

describe('paths in the compiled server', () => {
  it('come from src/server/paths.ts, not import.meta, outside the files made for both', () => {
    const using = BUNDLED.flatMap(sources).filter((file) =>
      /import\.meta\.(dirname|filename|url)/.test(readFileSync(path.join(root, file), 'utf8')),
    );
    expect(using.filter((file) => !ALLOWED.has(file))).toEqual([]);
  });
});
