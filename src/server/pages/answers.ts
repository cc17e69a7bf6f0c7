// A product or category page as the server answers it: read, rendered, put in its template with
// its head tags and data (docs/decisions/0049-server-rendered-product-pages.md).
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { combinedRating, formatPrice, type Category, type Product } from '../../catalogue/index.ts';
import {
  categoryPath,
  productImagePath,
  productPath,
  SHOP_BASE_PATH,
} from '../../contracts/shop-paths.ts';
import type { PageData } from '../../web/pages/render.tsx';
import type { Queryable } from '../db/types.ts';
import type { CachedAnswer } from './cache.ts';
import { scriptJson } from '../web/escape.ts';
import { headTags, shortDescription, type PageHead } from './head.ts';
import type { PageRenderer } from './index.ts';
import { readCategoryPage, readProductPage, type PageFacts } from './read.ts';
import { breadcrumbJsonLd, PRICE_CURRENCY, productJsonLd, schemaPrice } from './structured-data.ts';
import { fillTemplate } from './template.ts';

export interface PageContext {
  db: Queryable;
  /** The origin of canonical URLs and of the page's API calls: PUBLIC_URL, or the request's. */
  origin: string;
  template: string;
  decorate: (html: string) => string;
  renderer: () => Promise<PageRenderer>;
}

/** A product's preview image is 1200x630, the size link previews show largest. */
export const PREVIEW_SIZE = { width: 1200, height: 630 } as const;

const HTML = 'text/html; charset=UTF-8';

/**
 * The page as bytes, with its Brotli and gzip copies: made once per render, not per request (a
 * page is about 60 KB of HTML, styles and drawings; compressing it for every answer cost more than
 * rendering it once).
 */
function compressed(answer: CachedAnswer & { body: string }): CachedAnswer {
  const bytes = Buffer.from(answer.body, 'utf8');
  return {
    ...answer,
    body: new Uint8Array(bytes),
    encoded: {
      br: new Uint8Array(
        brotliCompressSync(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 9,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
      ),
      gzip: new Uint8Array(gzipSync(bytes, { level: 9 })),
    },
  };
}

function pageBase(ctx: PageContext, facts: PageFacts) {
  return {
    storageUrl: `${ctx.origin}/storage/v1`,
    stock: facts.stock,
    availability: facts.availability,
    ratings: [...facts.ratings],
  };
}

async function renderAnswer(
  ctx: PageContext,
  status: CachedAnswer['status'],
  data: PageData,
  head: PageHead,
): Promise<CachedAnswer> {
  const renderer = await ctx.renderer();
  const html = fillTemplate(ctx.template, {
    head: headTags(head),
    body: renderer.renderPage(data),
    data: `<script type="application/json" id="page-data">${scriptJson(data)}</script>`,
  });
  return compressed({ status, contentType: HTML, body: ctx.decorate(html) });
}

const NO_FACTS: PageFacts = { stock: [], availability: [], ratings: new Map() };

function notHere(ctx: PageContext, status: 404 | 410, data: PageData, title: string) {
  return renderAnswer(ctx, status, data, {
    title: `${title} | Keebshop`,
    description: title,
    canonical: `${ctx.origin}${SHOP_BASE_PATH}`,
    type: 'website',
    noindex: true,
  });
}

/** The product page at `urlKey` (null: not an address any product can have). */
export async function productAnswer(
  ctx: PageContext,
  urlKey: string | null,
): Promise<CachedAnswer> {
  const read =
    urlKey === null ? ({ kind: 'missing' } as const) : await readProductPage(ctx.db, urlKey);
  if (read.kind === 'moved') {
    return { status: 301, contentType: HTML, body: '', location: productPath(read.urlKey) };
  }
  if (read.kind === 'missing') {
    return notHere(ctx, 404, { kind: 'missing', ...pageBase(ctx, NO_FACTS) }, 'Product not found');
  }
  if (read.kind === 'gone') {
    return notHere(
      ctx,
      410,
      { kind: 'gone', name: read.name, ...pageBase(ctx, NO_FACTS) },
      `${read.name} is no longer sold`,
    );
  }
  const { product } = read;
  const renderer = await ctx.renderer();
  const category = renderer.categoryText(product.category);
  const url = `${ctx.origin}${productPath(product.urlKey)}`;
  const rating = combinedRating(
    product.reviews,
    read.ratings.get(product.key) ?? { count: 0, sum: 0 },
  );
  const available = read.stock
    .filter((s) => s.productKey === product.key)
    .reduce((sum, s) => sum + Math.max(s.available, 0), 0);
  const image = {
    url: `${ctx.origin}${productImagePath(product.urlKey)}`,
    ...PREVIEW_SIZE,
    alt: product.photos[0]?.alt ?? `${product.name} in ${product.selectedColor}`,
  };
  const price = formatPrice(product.priceCents);
  return renderAnswer(
    ctx,
    200,
    { kind: 'product', product, names: [...read.names], ...pageBase(ctx, read) },
    {
      title: `${product.name}, ${price} | Keebshop`,
      description: shortDescription(product.description) || `${product.name}, ${price}.`,
      canonical: url,
      type: 'product',
      image,
      price: { amount: schemaPrice(product.priceCents), currency: PRICE_CURRENCY },
      jsonLd: [
        productJsonLd({
          product,
          url,
          images: [image.url],
          available,
          preOrder: read.availability.some((a) => a.productKey === product.key),
          rating: rating.average === null ? null : { average: rating.average, count: rating.count },
        }),
        breadcrumbJsonLd([
          { name: 'Home', url: `${ctx.origin}${SHOP_BASE_PATH}` },
          { name: category.title, url: `${ctx.origin}${categoryPath(product.category)}` },
          { name: product.name, url },
        ]),
      ],
    },
  );
}

export async function categoryAnswer(ctx: PageContext, category: Category): Promise<CachedAnswer> {
  const read = await readCategoryPage(ctx.db, category);
  const renderer = await ctx.renderer();
  const text = renderer.categoryText(category);
  const url = `${ctx.origin}${categoryPath(category)}`;
  const first: Product | undefined = read.products[0];
  return renderAnswer(
    ctx,
    200,
    { kind: 'category', category, products: read.products, ...pageBase(ctx, read) },
    {
      title: `${text.title} | Keebshop`,
      description: shortDescription(text.intro),
      canonical: url,
      type: 'website',
      ...(first
        ? {
            image: {
              url: `${ctx.origin}${productImagePath(first.urlKey)}`,
              ...PREVIEW_SIZE,
              alt: first.photos[0]?.alt ?? first.name,
            },
          }
        : {}),
      jsonLd: [
        breadcrumbJsonLd([
          { name: 'Home', url: `${ctx.origin}${SHOP_BASE_PATH}` },
          { name: text.title, url },
        ]),
      ],
    },
  );
}
