// Deploys on one machine: a new build must leave the files a running server (started on the
// previous build) still serves, and delete only older ones.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, expect, it } from 'vitest';
import { filesToDelete, keepPreviousBuild } from '../../scripts/keep-previous-build.ts';

const root = mkdtempSync(path.join(tmpdir(), 'keebshop-keep-build-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Builds a one-module app whose script says `text`; returns the asset index.html names. */
async function buildApp(text: string): Promise<string> {
  writeFileSync(path.join(root, 'main.js'), `document.body.textContent = ${JSON.stringify(text)};`);
  writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><title>t</title><script type="module" src="./main.js"></script>',
  );
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [keepPreviousBuild()],
    build: { outDir: 'dist', emptyOutDir: false },
  });
  const html = readFileSync(path.join(root, 'dist/index.html'), 'utf8');
  return /assets\/[^"]+\.js/.exec(html)![0];
}

it("keeps the previous build's files for running servers and deletes the ones before it", async () => {
  const first = await buildApp('one');
  const second = await buildApp('two');
  expect(second).not.toBe(first);
  expect(existsSync(path.join(root, 'dist', first))).toBe(true);
  expect(existsSync(path.join(root, 'dist', second))).toBe(true);

  const third = await buildApp('three');
  expect(existsSync(path.join(root, 'dist', first))).toBe(false);
  expect(existsSync(path.join(root, 'dist', second))).toBe(true);
  expect(existsSync(path.join(root, 'dist', third))).toBe(true);
}, 60_000);

it('never deletes its own ledger, nor a file of the current or previous build', () => {
  const onDisk = ['.last-build.json', 'index.html', 'assets/a.js', 'assets/b.js', 'assets/c.js'];
  expect(
    filesToDelete(onDisk, new Set(['index.html', 'assets/c.js']), new Set(['assets/b.js'])),
  ).toEqual(['assets/a.js']);
});
