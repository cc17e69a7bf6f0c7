// first-load: the gzipped JS and CSS that /keebshop/#/home loads before it is usable, and in total.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Response } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/e2e/support/chromium.ts';
import { COMPILED_SERVER, launchServer, root } from '../../src/server/test-support/launch.ts';
import type { Benchmark } from '../types.ts';

/** ADR 0002: home may load at most 80 KB (1 KB = 1,000 bytes) of gzipped JS+CSS. */
export const HOME_BUDGET_BYTES = 80_000;
/**
 * What the earlier storefront loads on first visit (docs/benchmarks.md, The earlier storefront).
 */
export const EARLIER_STOREFRONT_BYTES = 145_000;
const HOME_H1 = 'Find Your Perfect Gaming Keyboard';

/** Sizes are gzip level 9 of the decoded bodies, computed here, so they do not depend on the server. */
function gzipSize(body: Buffer | string): number {
  return gzipSync(body, { level: 9 }).length;
}

interface LoadedFile {
  url: string;
  kind: 'js' | 'css';
  rawBytes: number;
  gzipBytes: number;
  /** Bytes on the wire as the server sent them (its own compression, if any). */
  transferBytes: number;
  contentEncoding: string | null;
}

function kindOf(response: Response): 'js' | 'css' | undefined {
  const type = response.headers()['content-type'] ?? '';
  if (/javascript|ecmascript/.test(type)) return 'js';
  if (type.includes('text/css')) return 'css';
  return undefined;
}

/** Inline <script> (not JSON data) and <style> in the HTML also count as JS and CSS. */
function inlineCode(html: string): { js: string; css: string } {
  const js = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attrs]) => !/type\s*=\s*["']?application\/(ld\+)?json/i.test(attrs ?? ''))
    .map(([, , body]) => body ?? '')
    .join('');
  const css = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)]
    .map(([, b]) => b ?? '')
    .join('');
  return { js: js.trim(), css: css.trim() };
}

/**
 * All JS and CSS the built app can load: the files index.html references and, transitively, the
 * files those reference (lazy chunks). Leftovers of an older build in dist/web/assets are counted
 * apart, so they never inflate the total.
 */
async function allAssets(): Promise<{ files: number; gzipBytes: number; leftovers: string[] }> {
  const dir = path.join(root, 'dist/web/assets');
  const names = new Set((await readdir(dir)).filter((n) => /\.(m?js|css)$/.test(n)));
  const referencedBy = (text: string) =>
    [...text.matchAll(/[\w.-]+\.(?:m?js|css)\b/g)].map(([n]) => n).filter((n) => names.has(n));
  const reached = new Set<string>();
  const queue = referencedBy(await readFile(path.join(root, 'dist/web/index.html'), 'utf8'));
  let gzipBytes = 0;
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    if (reached.has(name)) continue;
    reached.add(name);
    const body = await readFile(path.join(dir, name));
    gzipBytes += gzipSize(body);
    queue.push(...referencedBy(body.toString('utf8')));
  }
  return { files: reached.size, gzipBytes, leftovers: [...names].filter((n) => !reached.has(n)) };
}

async function measureHome(origin: string) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    const responses: Response[] = [];
    page.on('response', (r) => responses.push(r));
    const started = Date.now();
    const document = await page.goto(`${origin}/keebshop/#/home`);
    await page
      .getByRole('heading', { level: 1, name: HOME_H1, exact: true })
      .waitFor({ state: 'visible' });
    const usableMs = Date.now() - started;
    await page.waitForLoadState('networkidle');

    const files: LoadedFile[] = [];
    const seen = new Set<string>();
    for (const response of responses) {
      const kind = kindOf(response);
      if (!kind || seen.has(response.url())) continue;
      seen.add(response.url());
      const body = await response.body();
      const sizes = await response.request().sizes();
      files.push({
        url: new URL(response.url()).pathname,
        kind,
        rawBytes: body.length,
        gzipBytes: gzipSize(body),
        transferBytes: sizes.responseBodySize,
        contentEncoding: response.headers()['content-encoding'] ?? null,
      });
    }
    const inline = inlineCode((await document?.text()) ?? '');
    for (const [kind, code] of [
      ['js', inline.js],
      ['css', inline.css],
    ] as const) {
      if (code) {
        const raw = Buffer.byteLength(code);
        files.push({
          url: '(inline in index.html)',
          kind,
          rawBytes: raw,
          gzipBytes: gzipSize(code),
          transferBytes: 0,
          contentEncoding: null,
        });
      }
    }
    await context.close();
    return { files, usableMs };
  } finally {
    await browser.close();
  }
}

export const firstLoad: Benchmark = {
  name: 'first-load',
  description:
    'gzipped JS+CSS loaded by /keebshop/#/home until usable (budget 80 KB), and in total',
  async run() {
    const server = await launchServer({ build: true, entry: COMPILED_SERVER });
    try {
      const { files, usableMs } = await measureHome(server.origin);
      const home = files.reduce((sum, f) => sum + f.gzipBytes, 0);
      const transfer = files.reduce((sum, f) => sum + f.transferBytes, 0);
      const total = await allAssets();
      if (total.leftovers.length > 0) {
        console.log(
          `(not counted: ${total.leftovers.length} files in dist/web/assets from another build)`,
        );
      }
      return {
        metrics: [
          {
            name: 'home JS+CSS (gzip -9)',
            value: home,
            unit: 'bytes',
            budget: { max: HOME_BUDGET_BYTES },
          },
          {
            name: 'home vs earlier storefront (145 KB)',
            value: home / EARLIER_STOREFRONT_BYTES,
            unit: 'ratio',
          },
          {
            name: 'home JS+CSS on the wire',
            value: transfer,
            unit: 'bytes',
            note: "the server's own compression",
          },
          { name: 'home files', value: files.length, unit: 'count' },
          {
            name: 'all JS+CSS in dist/web/assets (gzip -9)',
            value: total.gzipBytes,
            unit: 'bytes',
            note: 'every file the built app can load: index.html and the chunks it reaches',
          },
          { name: 'all JS+CSS files', value: total.files, unit: 'count' },
          { name: 'home h1 visible', value: usableMs, unit: 'ms' },
        ],
        details: {
          method:
            'Sizes are gzip level 9 (node:zlib) of each decoded JS/CSS body the page loaded until its h1 was visible and the network idle; transferBytes is what the server actually sent.',
          homeFiles: files,
          unreferencedAssets: total.leftovers,
        },
      };
    } finally {
      await server.stop();
    }
  },
};
