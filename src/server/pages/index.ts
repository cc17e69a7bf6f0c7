// The shop's server-rendered pages (docs/decisions/0049-server-rendered-product-pages.md): a page
// per product and per category, whole HTML a crawler or a chat app's preview reads without running
// a script, with structured data and preview tags; the product's preview image; the sitemap and
// robots.txt. Rendered by the web app's own components (web/pages/render.tsx, loaded on the first
// page) and kept in a cache that every catalogue change clears.
import type { Context } from 'hono';
import { accepts } from 'hono/accepts';
import type { Category, Product } from '../../catalogue/index.ts';
import { isShopCategory } from '../../contracts/shop-paths.ts';
import type { PageData } from '../../web/pages/render.tsx';
import type { Database } from '../db/types.ts';
import { createPageCache, type CachedAnswer } from './cache.ts';
import { createCrawling } from './crawling.ts';
import { productAnswer, categoryAnswer, type PageContext } from './answers.ts';
import { createPreviews } from './preview.ts';
import type { ImageWorker } from '../storage/images.ts';
import { checkTemplate } from './template.ts';

/** What the server needs of the web app to render a page (web/pages/render.tsx). */
export interface PageRenderer {
  renderPage(data: PageData): string;
  renderDrawing(product: Product): string;
  categoryText(category: Category): { title: string; intro: string };
}

export interface PagesDeps {
  db: Database;
  /** Loads the renderer; called on the first page, so a start that serves none never loads React. */
  renderer: () => Promise<PageRenderer>;
  /** The page around the body: the build's page.html, or a bare one. */
  template: string;
  /** Puts the app-config tag into a page, as into the web app's index.html. */
  decorate: (html: string, c: Context) => string;
  /** The shop's public origin (PUBLIC_URL): canonical URLs, the sitemap; unset: the request's. */
  publicUrl?: string | undefined;
  images: ImageWorker;
}

/** Addresses are lowercase words joined by hyphens, at most 80 characters (the products table's rule). */
const URL_KEY = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * The encoding to send a compressed page in. Hono parses Accept-Encoding (q-values included);
 * among the encodings the browser accepts most, Brotli goes first (it is the smaller), though
 * browsers list gzip first.
 */
function encodingFor(c: Context): 'br' | 'gzip' | null {
  const encoding = accepts(c, {
    header: 'Accept-Encoding',
    supports: ['br', 'gzip'],
    default: 'identity',
    match: (accepted, { supports, default: none }) => {
      const q = (name: string) =>
        accepted.find((a) => a.type === name)?.q ?? accepted.find((a) => a.type === '*')?.q ?? 0;
      const best = Math.max(...supports.map(q));
      return best > 0 ? supports.find((name) => q(name) === best)! : none;
    },
  });
  return encoding === 'br' || encoding === 'gzip' ? encoding : null;
}

function send(c: Context, answer: CachedAnswer): Response {
  const headers: Record<string, string> = { 'Content-Type': answer.contentType };
  if (answer.location) headers.Location = answer.location;
  // Pages change with the catalogue: browsers ask again each time (the server's cache answers).
  headers['Cache-Control'] =
    answer.contentType === 'image/png' ? 'public, max-age=3600' : 'no-cache';
  let body = answer.body;
  if (answer.encoded) {
    // Compressed when rendered; the compression middleware leaves an encoded answer alone.
    headers.Vary = 'Accept-Encoding';
    const encoding = encodingFor(c);
    if (encoding) {
      headers['Content-Encoding'] = encoding;
      body = answer.encoded[encoding];
    }
  }
  return c.body(body as Uint8Array<ArrayBuffer>, answer.status, headers);
}

export function createPages(deps: PagesDeps) {
  const template = checkTemplate(deps.template);
  const cache = createPageCache(deps.db);
  let renderer: Promise<PageRenderer> | undefined;
  const loadRenderer = () => (renderer ??= deps.renderer());
  const originOf = (c: Context) => deps.publicUrl ?? new URL(c.req.url).origin;
  const pageContext = (c: Context): PageContext => ({
    db: deps.db,
    origin: originOf(c),
    template,
    decorate: (html) => deps.decorate(html, c),
    renderer: loadRenderer,
  });
  const crawling = createCrawling({ db: deps.db, originOf, cache });
  const previews = createPreviews({
    db: deps.db,
    images: deps.images,
    renderer: loadRenderer,
    cache,
  });

  return {
    /** GET /keebshop/products/:urlKey */
    async product(c: Context): Promise<Response> {
      const urlKey = c.req.param('urlKey') ?? '';
      const ctx = pageContext(c);
      const valid = URL_KEY.test(urlKey) && urlKey.length <= 80;
      const answer = await cache.get(`${ctx.origin} product ${valid ? urlKey : ''}`, () =>
        productAnswer(ctx, valid ? urlKey : null),
      );
      return send(c, answer);
    },
    /** GET /keebshop/:category (keyboards, switches, accessories) */
    async category(c: Context): Promise<Response> {
      const category = c.req.param('category') ?? '';
      if (!isShopCategory(category)) return c.notFound();
      const ctx = pageContext(c);
      const answer = await cache.get(`${ctx.origin} category ${category}`, () =>
        categoryAnswer(ctx, category),
      );
      return send(c, answer);
    },
    /** GET /keebshop/products/:urlKey/preview.png */
    async preview(c: Context): Promise<Response> {
      const urlKey = c.req.param('urlKey') ?? '';
      if (!URL_KEY.test(urlKey) || urlKey.length > 80) return c.notFound();
      const answer = await previews.answer(urlKey);
      return send(c, answer);
    },
    sitemap: crawling.sitemap,
    robots: crawling.robots,
  };
}
