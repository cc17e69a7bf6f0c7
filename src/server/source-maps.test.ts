import { SourceMap } from 'node:module';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { mapFrame } from './source-maps.ts';

// A compiled file whose third line holds the throw written on the source's fourth.
const source = [
  'type Id = string;',
  '',
  'export function fail(id: Id) {',
  '  throw new Error(id);',
  '}',
];
const compiled = transformSync(source.join('\n'), {
  loader: 'ts',
  sourcemap: 'external',
  sourcefile: '../../src/server/fail.ts',
});
const map = new SourceMap(JSON.parse(compiled.map) as ConstructorParameters<typeof SourceMap>[0]);
const line = compiled.code.split('\n').findIndex((l) => l.includes('throw')) + 1;
const column = compiled.code.split('\n')[line - 1]!.indexOf('throw') + 1;

describe('stack frames of the compiled server', () => {
  const dir = '/srv/shop/dist/server';
  const mapOf = (file: string) => (file === `${dir}/main.js` ? map : null);

  it('name the source file, line and column, for a file URL and for a path', () => {
    for (const where of [`file://${dir}/main.js`, `${dir}/main.js`]) {
      expect(mapFrame(`fail (${where}:${line}:${column})`, dir, mapOf)).toBe(
        'fail (/srv/shop/src/server/fail.ts:4:3)',
      );
    }
  });

  it('leave frames of other files, and of compiled files without a map, as they are', () => {
    const other = 'handle (file:///srv/shop/node_modules/hono/dist/hono.js:10:5)';
    expect(mapFrame(other, dir, mapOf)).toBe(other);
    const unmapped = `run (file://${dir}/chunk-ABC.js:3:7)`;
    expect(mapFrame(unmapped, dir, mapOf)).toBe(unmapped);
  });
});
