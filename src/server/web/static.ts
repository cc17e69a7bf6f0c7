import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { inlineScriptHashes } from './inline-scripts.ts';

export const BASE_PATH = '/keebshop/';

/** Vite's content-hashed files never change, so browsers may keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface WebAssets {
  /** Serves /keebshop/assets/* with immutable caching. */
  assets: MiddlewareHandler;
  /** Serves the app's index.html, never cached. */
  index: MiddlewareHandler;
  /** CSP sources ('sha256-…') of index.html's inline scripts, for script-src. */
  scriptHashes?: string[];
}

/**
 * Serves the built web app from `distDir`. `renderIndex` lets the server put its public
 * configuration into the page (the app-config tag) per request: the file is read once, at boot.
 */
export async function createWebAssets(
  distDir: string,
  renderIndex: (html: string, c: Context) => string = (html) => html,
): Promise<WebAssets> {
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const root = path.relative(process.cwd(), distDir) || '.';
  return {
    assets: serveStatic({
      root,
      // The build's Brotli copies (scripts/precompress.ts), to browsers that accept br.
      precompressed: true,
      rewriteRequestPath: (p) => p.slice(BASE_PATH.length - 1),
      onFound: (_path, c) => {
        c.header('Cache-Control', IMMUTABLE);
      },
    }),
    index: async (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.html(renderIndex(html, c));
    },
    // From the file as it is served: the hashes always match the scripts this process sends.
    scriptHashes: inlineScriptHashes(html),
  };
}
