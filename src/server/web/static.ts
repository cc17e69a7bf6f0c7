import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { inlineScriptHashes, inlineStyleHashes } from './inline-scripts.ts';

export const BASE_PATH = '/keebshop/';

/** Vite's content-hashed files never change, so browsers may keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface WebAssets {
  /** Serves /keebshop/assets/* with immutable caching. */
  assets: MiddlewareHandler;
  /** Serves the app's index.html, never cached. */
  index: MiddlewareHandler;
  /** CSP sources ('sha256-…') of index.html's and the pages' template's inline scripts. */
  scriptHashes?: string[];
  /** CSP sources of the pages' template's inline styles, for style-src. */
  styleHashes?: string[];
  /**
   * The server-rendered pages' template (dist/pages/page.html, built by vite.pages.config.ts) and
   * its files, /keebshop/page-assets/*; unset where that build is absent (a bare test web app).
   */
  pages?: { template: string; assets: MiddlewareHandler };
  /** Puts the page's public configuration (the app-config tag) into a page's HTML. */
  decorate?: (html: string, c: Context) => string;
}

/** The built server-rendered pages' directory beside the web app's (dist/pages beside dist/web). */
export function pagesDirOf(webDir: string): string {
  return path.join(webDir, '..', 'pages');
}

function staticFiles(dir: string): MiddlewareHandler {
  return serveStatic({
    root: path.relative(process.cwd(), dir) || '.',
    // The build's Brotli copies (scripts/precompress.ts), to browsers that accept br.
    precompressed: true,
    rewriteRequestPath: (p) => p.slice(BASE_PATH.length - 1),
    onFound: (_path, c) => {
      c.header('Cache-Control', IMMUTABLE);
    },
  });
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
  const pagesDir = pagesDirOf(distDir);
  const pageTemplate = await readFile(path.join(pagesDir, 'page.html'), 'utf8').catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    },
  );
  return {
    assets: staticFiles(distDir),
    index: async (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.html(renderIndex(html, c));
    },
    // From the file as it is served: the hashes always match the scripts this process sends.
    // (The pages' template has one too: the import of their script after the first paint.)
    scriptHashes: [...inlineScriptHashes(html), ...inlineScriptHashes(pageTemplate ?? '')],
    styleHashes: pageTemplate === undefined ? [] : inlineStyleHashes(pageTemplate),
    ...(pageTemplate === undefined
      ? {}
      : { pages: { template: pageTemplate, assets: staticFiles(pagesDir) } }),
    decorate: renderIndex,
  };
}
