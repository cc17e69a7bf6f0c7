// A Vite plugin for the server-rendered pages' build (vite.pages.config.ts): the page's styles go
// into page.html as a <style> element instead of a <link>. A stylesheet link holds the first paint
// until it has come over the network, a round trip or two on a slow mobile link; these pages are
// whole HTML from the server, so with their styles inline they paint as soon as the HTML arrives.
// The server allows the element by its hash in the Content-Security-Policy (src/server/web/inline-scripts.ts).
import type { Plugin } from 'vite';

interface Asset {
  type: 'asset' | 'chunk';
  fileName: string;
  source?: string | Uint8Array;
}

const STYLESHEET = /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"[^>]*>/g;

/** `html` with each stylesheet link of the bundle replaced by a <style> of its text. */
export function inlineStylesheets(
  html: string,
  bundle: Record<string, Asset>,
  base: string,
): string {
  return html.replace(STYLESHEET, (link, href: string) => {
    const asset = bundle[href.startsWith(base) ? href.slice(base.length) : href];
    if (asset?.type !== 'asset' || asset.source === undefined) return link;
    const css =
      typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
    // Nothing in CSS the build wrote can close the element early, but make sure of it.
    if (/<\/style/i.test(css)) throw new Error(`inline-styles: ${href} contains </style`);
    return `<style>${css.trim()}</style>`;
  });
}

export function inlineStyles(): Plugin {
  let base = '/';
  return {
    name: 'keebshop:inline-styles',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        return inlineStylesheets(html, ctx.bundle as unknown as Record<string, Asset>, base);
      },
    },
  };
}
