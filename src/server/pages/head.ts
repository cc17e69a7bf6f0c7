// A server-rendered page's head (docs/decisions/0049-server-rendered-product-pages.md): title,
// description, canonical URL, Open Graph and Twitter card tags for link previews, and JSON-LD.
import { escapeHtml, scriptJson } from '../web/escape.ts';

export interface PageHead {
  title: string;
  description: string;
  /** Absolute; from PUBLIC_URL when set. */
  canonical: string;
  /** At least 1200x630 for the large previews chat apps and social sites show. */
  image?: { url: string; width: number; height: number; alt: string };
  /** og:type: a product page, or any other. */
  type: 'product' | 'website';
  /** Price tags for previews that show one (Open Graph's product properties). */
  price?: { amount: string; currency: string };
  jsonLd?: readonly object[];
  /** Pages that are not the shop's content (404, 410): kept out of search results. */
  noindex?: boolean;
}

/** Search engines and previews show about 155 characters of a description. */
export function shortDescription(text: string, max = 155): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
}

export function headTags(head: PageHead): string {
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}">`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.canonical)}">`,
    ...(head.noindex ? [meta('name', 'robots', 'noindex')] : []),
    meta('property', 'og:site_name', 'Keebshop'),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  ];
  if (head.image) {
    tags.push(
      meta('property', 'og:image', head.image.url),
      meta('property', 'og:image:width', String(head.image.width)),
      meta('property', 'og:image:height', String(head.image.height)),
      meta('property', 'og:image:alt', head.image.alt),
      meta('name', 'twitter:image', head.image.url),
      meta('name', 'twitter:image:alt', head.image.alt),
    );
  }
  if (head.price) {
    tags.push(
      meta('property', 'product:price:amount', head.price.amount),
      meta('property', 'product:price:currency', head.price.currency),
    );
  }
  for (const data of head.jsonLd ?? []) {
    tags.push(`<script type="application/ld+json">${scriptJson(data)}</script>`);
  }
  return tags.join('');
}
