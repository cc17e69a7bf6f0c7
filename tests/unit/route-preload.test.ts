// The build's route preload (scripts/route-preload.ts) on a small app built for real: index.html
// gets one inline script, before the entry, that preloads a route's chunks and CSS (never the
// entry's), read from the hash the way the app reads it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routePreload } from '../../scripts/route-preload.ts';

const root = mkdtempSync(path.join(tmpdir(), 'keebshop-route-preload-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const files: Record<string, string> = {
  'index.html':
    '<!doctype html><html><head><title>t</title></head><body><script type="module" src="./main.js"></script></body></html>',
  'main.js': `import './main.css';
window.pages = { list: () => import('./list.js'), cart: () => import('./cart.js') };`,
  'main.css': 'body { color: black }',
  'list.js': `import { shared } from './shared.js'; import './list.css';
export const list = () => shared('list');`,
  'list.css': '.list { color: red }',
  'cart.js': `import { shared } from './shared.js'; export const cart = () => shared('cart');`,
  'shared.js': `export const shared = (name) => name.toUpperCase();`,
};

let html = '';
beforeAll(async () => {
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, name), text);
  await build({
    root,
    base: '/shop/',
    configFile: false,
    logLevel: 'silent',
    plugins: [routePreload({ list: ['list.js'], cart: ['cart.js'] })],
    build: { outDir: 'dist', emptyOutDir: true },
  });
  html = readFileSync(path.join(root, 'dist/index.html'), 'utf8');
});

/** Runs the inline script against a stand-in document at `hash`; returns the links it added. */
function preloadsAt(
  hash: string,
): { rel: string; as?: string; href: string; crossOrigin: string }[] {
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
  const added: { rel: string; as?: string; href: string; crossOrigin: string }[] = [];
  const document = {
    createElement: () => ({ rel: '', href: '', crossOrigin: null }),
    head: { append: (link: (typeof added)[number]) => added.push(link) },
  };
  new Function('location', 'document', script)({ hash }, document);
  return added;
}

describe('route preload', () => {
  it('puts one inline script before the entry script and stylesheet', () => {
    const inline = html.indexOf('<script>');
    expect(inline).toBeGreaterThan(html.indexOf('<title>'));
    expect(inline).toBeLessThan(html.indexOf('<script type="module"'));
    expect(inline).toBeLessThan(html.indexOf('rel="stylesheet"'));
    expect(html.match(/<script>/g)).toHaveLength(1);
  });

  it("preloads a route's chunk, the chunk it imports and its CSS, not the entry's", () => {
    const links = preloadsAt('#/list?q=pro');
    const hrefs = links.map((l) => l.href);
    expect(hrefs).toHaveLength(3);
    expect(hrefs.every((h) => h.startsWith('/shop/assets/'))).toBe(true);
    const entry = /src="([^"]+)"/.exec(html.slice(html.indexOf('<script type="module"')))![1];
    expect(hrefs).not.toContain(entry);
    const js = links.filter((l) => l.href.endsWith('.js'));
    const css = links.filter((l) => l.href.endsWith('.css'));
    expect(js.map((l) => l.rel)).toEqual(['modulepreload', 'modulepreload']);
    expect(css).toEqual([expect.objectContaining({ rel: 'preload', as: 'style' })]);
    expect(links.every((l) => l.crossOrigin === '')).toBe(true);
    // The shared chunk is the one the cart preloads too.
    const cart = preloadsAt('#/cart').map((l) => l.href);
    expect(cart).toHaveLength(2);
    expect(hrefs.filter((h) => cart.includes(h))).toHaveLength(1);
  });

  it('reads the route as the app does: any case, trailing slash, nested paths', () => {
    const list = preloadsAt('#/list').map((l) => l.href);
    expect(preloadsAt('#/LIST/').map((l) => l.href)).toEqual(list);
    expect(preloadsAt('#list').map((l) => l.href)).toEqual(list);
    expect(preloadsAt('#/list/item-7').map((l) => l.href)).toEqual(list);
  });

  it('preloads nothing for other routes, the empty hash or a mailed link', () => {
    expect(preloadsAt('')).toEqual([]);
    expect(preloadsAt('#/home')).toEqual([]);
    expect(preloadsAt('#/constructor')).toEqual([]);
    expect(preloadsAt('#access_token=abc&type=recovery')).toEqual([]);
  });

  it('fails the build when a route names a module in no chunk', async () => {
    await expect(
      build({
        root,
        configFile: false,
        logLevel: 'silent',
        plugins: [routePreload({ gone: ['missing.js'] })],
        build: { outDir: 'dist-missing', emptyOutDir: true },
      }),
    ).rejects.toThrow(/missing\.js \(route gone\) is in no chunk/);
  });
});
