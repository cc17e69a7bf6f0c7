// What crawlers read first (docs/decisions/0049-server-rendered-product-pages.md): robots.txt,
// which names the sitemap and keeps them out of the APIs and the private pages, and sitemap.xml,
// every published product and category with when it last changed.
import type { Context } from 'hono';
import {
  categoryPath,
  productPath,
  SHOP_BASE_PATH,
  SHOP_CATEGORIES,
} from '../../contracts/shop-paths.ts';
import type { Queryable } from '../db/types.ts';
import type { PageCache } from './cache.ts';
import { escapeHtml } from '../web/escape.ts';
import { readSitemap } from './read.ts';

/**
 * The web app's private pages. They are hash routes, which crawlers never request on their own
 * (the fragment stays in the browser): listed so that a crawler that did would stay out, and so
 * that the file says what is private.
 */
const PRIVATE_ROUTES = [
  'admin',
  'settings',
  'orderHistory',
  'orderSuccess',
  'cart',
  'login',
  'signup',
  'forgotPassword',
  'resetPassword',
];

export function robotsText(origin: string): string {
  return [
    '# Keebshop: the shop and its product pages are open to crawlers; its APIs and the',
    '# shoppers\u2019 and staff\u2019s own pages are not.',
    'User-agent: *',
    `Allow: ${SHOP_BASE_PATH}`,
    'Allow: /storage/v1/render/image/public/',
    'Allow: /storage/v1/object/public/',
    'Disallow: /functions/',
    'Disallow: /auth/',
    'Disallow: /rest/',
    'Disallow: /storage/',
    ...PRIVATE_ROUTES.map((route) => `Disallow: ${SHOP_BASE_PATH}#/${route}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export async function sitemapXml(db: Queryable, origin: string): Promise<string> {
  const entries = await readSitemap(db);
  const newest = (list: readonly { updatedAt: Date }[]) =>
    list.reduce<Date | null>((max, e) => (max && max >= e.updatedAt ? max : e.updatedAt), null);
  const url = (path: string, lastmod: Date | null) =>
    `<url><loc>${escapeHtml(origin + path)}</loc>${lastmod ? `<lastmod>${day(lastmod)}</lastmod>` : ''}</url>`;
  const urls = [
    url(SHOP_BASE_PATH, newest(entries)),
    ...SHOP_CATEGORIES.map((category) =>
      url(categoryPath(category), newest(entries.filter((e) => e.category === category))),
    ),
    ...entries.map((e) => url(productPath(e.urlKey), e.updatedAt)),
  ];
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('\n')}</urlset>\n`
  );
}

export function createCrawling(deps: {
  db: Queryable;
  /** The shop's public origin for a request: PUBLIC_URL, or the request's own. */
  originOf: (c: Context) => string;
  cache: PageCache;
}) {
  const { originOf } = deps;
  return {
    /** GET /robots.txt */
    robots(c: Context): Response {
      return c.body(robotsText(originOf(c)), 200, {
        'Content-Type': 'text/plain; charset=UTF-8',
        'Cache-Control': 'public, max-age=3600',
      });
    },
    /** GET /sitemap.xml */
    async sitemap(c: Context): Promise<Response> {
      const origin = originOf(c);
      const answer = await deps.cache.get(`${origin} sitemap`, async () => ({
        status: 200,
        contentType: 'application/xml; charset=UTF-8',
        body: await sitemapXml(deps.db, origin),
      }));
      return c.body(answer.body as string, 200, {
        'Content-Type': answer.contentType,
        'Cache-Control': 'no-cache',
      });
    },
  };
}
