// A Vite plugin for the server-rendered pages' build (vite.pages.config.ts), so that they paint as
// soon as their HTML arrives; they are whole pages from the server, readable before any script:
// - the page's styles go into page.html as a <style> element instead of a <link>, which would hold
//   the first paint for its own round trips on a slow mobile link;
// - the page's script (which hydrates it: Add to Cart, the cart's count) is asked for once the
//   page has loaded and painted, so on a slow link it does not share the way with the HTML and
//   the product's photo, the page's largest paint; until then the page reads as it will be.
// The server allows both inline elements by their hashes in the Content-Security-Policy
// (src/server/web/inline-scripts.ts), never 'unsafe-inline'.
import type { Plugin } from 'vite';

interface Asset {
  type: 'asset' | 'chunk';
  fileName: string;
  source?: string | Uint8Array;
}

const STYLESHEET = /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"[^>]*>/g;
const MODULE_SCRIPT = /<script type="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>/g;

/**
 * `html` with each module script asked for once the page has loaded (its photo included) and
 * painted: a requestAnimationFrame callback runs just before the next frame is painted, and a task
 * it queues runs after that paint.
 */
export function scriptsAfterPaint(html: string): string {
  return html.replace(MODULE_SCRIPT, (_script, src: string) => {
    const load = `const go=()=>requestAnimationFrame(()=>setTimeout(()=>import(${JSON.stringify(src)})));`;
    const when = 'document.readyState==="complete"?go():addEventListener("load",go,{once:true})';
    return `<script type="module">${load}${when}</script>`;
  });
}

/** `html` with each stylesheet link of the bundle replaced by a <style> of its text. */
export function pageShellheets(html: string, bundle: Record<string, Asset>, base: string): string {
  return html.replace(STYLESHEET, (link, href: string) => {
    const asset = bundle[href.startsWith(base) ? href.slice(base.length) : href];
    if (asset?.type !== 'asset' || asset.source === undefined) return link;
    const css =
      typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
    // Nothing in CSS the build wrote can close the element early, but make sure of it.
    if (/<\/style/i.test(css)) throw new Error(`page-shell: ${href} contains </style`);
    return `<style>${css.trim()}</style>`;
  });
}

export function pageShell(): Plugin {
  let base = '/';
  return {
    name: 'keebshop:page-shell',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const bundle = ctx.bundle as unknown as Record<string, Asset>;
        return scriptsAfterPaint(pageShellheets(html, bundle, base));
      },
    },
  };
}
