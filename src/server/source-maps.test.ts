import { SourceMap } from 'node:module';
import { buildSync, transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { CompactSourceMap, frameMapper } from './source-maps.ts';

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
const map = new CompactSourceMap(
  JSON.parse(compiled.map) as { sources: string[]; mappings: string },
);
const line = compiled.code.split('\n').findIndex((l) => l.includes('throw')) + 1;
const column = compiled.code.split('\n')[line - 1]!.indexOf('throw') + 1;

describe('stack frames of the compiled server', () => {
  const dir = '/srv/shop/dist/server';
  const mapFrame = frameMapper(dir, (file) => (file === `${dir}/main.js` ? map : null));

  it('name the source file, line and column, for a file URL and for a path', () => {
    for (const where of [`file://${dir}/main.js`, `${dir}/main.js`]) {
      expect(mapFrame(`fail (${where}:${line}:${column})`)).toBe(
        'fail (/srv/shop/src/server/fail.ts:4:3)',
      );
    }
  });

  it('leave frames of other files, and of compiled files without a map, as they are', () => {
    const other = 'handle (file:///srv/shop/node_modules/hono/dist/hono.js:10:5)';
    expect(mapFrame(other)).toBe(other);
    const unmapped = `run (file://${dir}/chunk-ABC.js:3:7)`;
    expect(mapFrame(unmapped)).toBe(unmapped);
  });
});

describe('a compact source map', () => {
  it('finds the origin node:module SourceMap finds, at every column of a bundle', () => {
    const bundle = buildSync({
      entryPoints: ['src/server/http/health.ts'],
      bundle: true,
      packages: 'external',
      format: 'esm',
      platform: 'node',
      sourcemap: 'external',
      outfile: '/tmp/keebshop-source-map-check/health.js',
      write: false,
    });
    const text = (ext: string) => bundle.outputFiles.find((f) => f.path.endsWith(ext))!.text;
    const payload = JSON.parse(text('.js.map')) as { sources: string[]; mappings: string };
    const compact = new CompactSourceMap(payload);
    const node = new SourceMap(payload as ConstructorParameters<typeof SourceMap>[0]);
    let compared = 0;
    text('.js')
      .split('\n')
      .forEach((code, line) => {
        for (let column = 0; column < code.length; column += 1) {
          const expected = node.findEntry(line, column) as {
            generatedLine?: number;
            originalSource?: string;
            originalLine?: number;
            originalColumn?: number;
          };
          // Node's search runs on to earlier lines; frames only need this line's segments.
          if (expected.generatedLine !== line || expected.originalSource === undefined) continue;
          expect(compact.find(line, column), `${line}:${column}`).toEqual({
            source: expected.originalSource.replace(
              /^file:\/\/\/tmp\/keebshop-source-map-check\//,
              '',
            ),
            line: expected.originalLine,
            column: expected.originalColumn,
          });
          compared += 1;
        }
      });
    expect(compared).toBeGreaterThan(1000);
  });

  it('finds the segments of the last line, and refuses mappings that are not base64 VLQ', () => {
    // Two lines, each one segment: line 0 from a.ts 0:0, line 1 from a.ts 1:2 (columns 0 and 4).
    const map = new CompactSourceMap({ sources: ['a.ts'], mappings: 'AAAA;AACE,IAAC' });
    expect(map.find(0, 7)).toEqual({ source: 'a.ts', line: 0, column: 0 });
    expect(map.find(1, 3)).toEqual({ source: 'a.ts', line: 1, column: 2 });
    expect(map.find(1, 9)).toEqual({ source: 'a.ts', line: 1, column: 3 });
    expect(map.find(2, 0)).toBeUndefined();
    expect(() => new CompactSourceMap({ sources: ['a.ts'], mappings: 'AA!A' })).toThrow(/Invalid/);
    expect(() => new CompactSourceMap({ sources: ['a.ts'], mappings: 'AAA' + 'g' })).toThrow(
      /Invalid/,
    );
  });
});
