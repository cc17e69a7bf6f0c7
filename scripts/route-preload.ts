// A Vite plugin: an inline script in index.html that reads the route from location.hash and adds
// <link rel="modulepreload"> (and rel="preload" for CSS) for the chunks that route's page needs,
// before the entry script runs. Without it, a page opened from a link (#/keyboard) was only
// discovered once the entry had downloaded, run and imported the route: one more round trip, and
// the page's bytes after the entry's instead of beside them. The server allows the script by its
// hash in the Content-Security-Policy (src/server/web/inline-scripts.ts); no 'unsafe-inline'.
import path from 'node:path';
import type { Plugin } from 'vite';

/** The part of a built chunk this plugin reads (Vite's OutputChunk has more). */
export interface ChunkInfo {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  imports: readonly string[];
  moduleIds: readonly string[];
  viteMetadata?: { importedCss: ReadonlySet<string> };
}

type Bundle = Record<string, ChunkInfo | { type: 'asset'; fileName: string }>;

/**
 * The files to preload for each route: the chunks holding its modules and every chunk they import
 * statically, with their CSS; never the entry chunk (index.html loads it already). Throws when a
 * module is in no chunk, so a renamed page fails the build instead of silently losing its preload.
 */
export function routeFiles(
  bundle: Bundle,
  routes: Readonly<Record<string, readonly string[]>>,
  srcRoot: string,
): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((c): c is ChunkInfo => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const result: Record<string, string[]> = {};
  for (const [route, modules] of Object.entries(routes)) {
    const files: string[] = [];
    const visit = (chunk: ChunkInfo) => {
      if (chunk.isEntry || files.includes(chunk.fileName)) return;
      files.push(chunk.fileName);
      for (const css of chunk.viteMetadata?.importedCss ?? []) {
        if (!files.includes(css)) files.push(css);
      }
      for (const imported of chunk.imports) {
        const next = byFile.get(imported);
        if (next) visit(next);
      }
    };
    for (const module of modules) {
      const id = path.resolve(srcRoot, module);
      const chunk = chunks.find((c) => c.moduleIds.includes(id));
      if (!chunk) throw new Error(`route-preload: ${module} (route ${route}) is in no chunk`);
      visit(chunk);
    }
    result[route] = files;
  }
  return result;
}

/**
 * The inline script: the routes' files as indexes into one list (the names repeat across routes),
 * the route read from the hash as the app reads it (path before `?`, any case, its first segment
 * so nested paths find their page), and a link per file appended to the head.
 */
export function preloadScript(base: string, routes: Record<string, string[]>): string {
  const all = [...new Set(Object.values(routes).flat())];
  // Vite's files all sit in one folder (assets/): say it once.
  const dir = all[0]?.slice(0, all[0].lastIndexOf('/') + 1) ?? '';
  const files = all.every((f) => f.startsWith(dir)) ? all.map((f) => f.slice(dir.length)) : all;
  const href = all.every((f) => f.startsWith(dir)) ? base + dir : base;
  const table = Object.fromEntries(
    Object.entries(routes).map(([route, list]) => [route, list.map((f) => all.indexOf(f))]),
  );
  return (
    `(()=>{const f=${JSON.stringify(files)},r=${JSON.stringify(table)},` +
    `p=location.hash.replace(/^#\\/?/,"").split(/[?/]/)[0].toLowerCase();` +
    `for(const i of Object.hasOwn(r,p)?r[p]:[]){const l=document.createElement("link"),` +
    `c=f[i].endsWith(".css");l.rel=c?"preload":"modulepreload";if(c)l.as="style";` +
    `l.crossOrigin="";l.href=${JSON.stringify(href)}+f[i];document.head.append(l)}})()`
  );
}

/**
 * Puts `tag` before the first script or stylesheet of the head: a classic script after a
 * stylesheet would wait for that stylesheet to load before it runs.
 */
export function insertBeforeAssets(html: string, tag: string): string {
  const at = html.search(/<script\b|<link\b[^>]*rel="stylesheet"/);
  const head = html.indexOf('</head>');
  const where = at !== -1 && (head === -1 || at < head) ? at : head;
  if (where === -1) throw new Error('route-preload: index.html has no head');
  return html.slice(0, where) + tag + html.slice(where);
}

/** `routes`: route path (lowercased, no slash) → its modules, relative to Vite's root. */
export function routePreload(routes: Readonly<Record<string, readonly string[]>>): Plugin {
  let srcRoot = '';
  let base = '/';
  return {
    name: 'keebshop:route-preload',
    apply: 'build',
    configResolved(config) {
      srcRoot = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const files = routeFiles(ctx.bundle as unknown as Bundle, routes, srcRoot);
        const script = preloadScript(base, files);
        return insertBeforeAssets(html, `<script>${script}</script>`);
      },
    },
  };
}
