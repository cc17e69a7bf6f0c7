// The pages' build (scripts/page-shell.ts) on a small page built for real: the stylesheet link
// becomes a <style> with the same CSS, and the entry script is imported once the page has loaded
// and painted.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, expect, it } from 'vitest';
import { pageShell } from '../../scripts/page-shell.ts';

const root = mkdtempSync(path.join(tmpdir(), 'keebshop-page-shell-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('inlines the stylesheet and asks for the script once the page has loaded', async () => {
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
    plugins: [pageShell()],
    build: { outDir: 'dist', rolldownOptions: { input: path.join(root, 'page.html') } },
  });
  const html = readFileSync(path.join(root, 'dist/page.html'), 'utf8');
  expect(html).not.toMatch(/rel="stylesheet"/);
  expect(html).toMatch(
    /<style>\.card\{color:#639\}<\/style>|<style>\.card\{color:rebeccapurple\}<\/style>/,
  );
  const script = /<script type="module">([^<]*)<\/script>/.exec(html)?.[1] ?? '';
  expect(script).toMatch(/import\("\/keebshop\/assets\/[^"]+\.js"\)/);
  expect(script).toContain('addEventListener("load"');
  expect(script).toContain('requestAnimationFrame(');
  expect(html).not.toMatch(/<script[^>]*\bsrc=/);
});
