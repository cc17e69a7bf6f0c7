// The pages' build puts their styles inline (scripts/inline-styles.ts), on a small page built for
// real: the stylesheet link becomes a <style> with the same CSS, and the script stays as it was.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, expect, it } from 'vitest';
import { inlineStyles } from '../../scripts/inline-styles.ts';

const root = mkdtempSync(path.join(tmpdir(), 'keebshop-inline-styles-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('replaces the stylesheet link with the stylesheet', async () => {
  writeFileSync(
    path.join(root, 'page.html'),
    '<!doctype html><html><head><title>t</title></head><body><script type="module" src="./main.js"></script></body></html>',
  );
  writeFileSync(path.join(root, 'main.js'), "import './main.css'; document.title = 'x';");
  writeFileSync(path.join(root, 'main.css'), '.card { color: rebeccapurple }');
  await build({
    root,
    base: '/keebshop/',
    logLevel: 'silent',
    configFile: false,
    plugins: [inlineStyles()],
    build: { outDir: 'dist', rolldownOptions: { input: path.join(root, 'page.html') } },
  });
  const html = readFileSync(path.join(root, 'dist/page.html'), 'utf8');
  expect(html).not.toMatch(/rel="stylesheet"/);
  expect(html).toMatch(
    /<style>\.card\{color:#639\}<\/style>|<style>\.card\{color:rebeccapurple\}<\/style>/,
  );
  expect(html).toMatch(
    /<script type="module" crossorigin src="\/keebshop\/assets\/[^"]+\.js"><\/script>/,
  );
});
