// The JSON-LD of product pages against what Google's rich results read from schema.org's
// vocabulary (docs/decisions/0049-server-rendered-product-pages.md). schema-dts already types the
// builders with schema.org's own types and properties; this checks the values Google requires and
// recommends for product snippets and merchant listings (Product: name, image, offers; recommended
// description, sku, brand, aggregateRating. Offer: price and priceCurrency; recommended
// availability, itemCondition, url. AggregateRating: ratingValue with ratingCount or reviewCount,
// within bestRating and worstRating. BreadcrumbList: ListItems with position, name and item).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { fixtureProducts } from '../../catalogue/__fixtures__/catalogue.ts';
import { breadcrumbJsonLd, productJsonLd, schemaPrice } from './structured-data.ts';

const absoluteUrl = z.url({ protocol: /^https?$/ });
const schemaEnum = (...names: string[]) =>
  z.enum(names.map((n) => `https://schema.org/${n}`) as [string, ...string[]]);

const offer = z.object({
  '@type': z.literal('Offer'),
  // A number as text with a dot and no currency sign or thousands separator.
  price: z.string().regex(/^\d+(\.\d{1,2})?$/),
  priceCurrency: z.string().regex(/^[A-Z]{3}$/),
  availability: schemaEnum('InStock', 'OutOfStock', 'PreOrder', 'BackOrder', 'LimitedAvailability'),
  itemCondition: schemaEnum('NewCondition', 'UsedCondition', 'RefurbishedCondition'),
  url: absoluteUrl,
});

const aggregateRating = z
  .object({
    '@type': z.literal('AggregateRating'),
    ratingValue: z.number(),
    ratingCount: z.number().int().positive(),
    reviewCount: z.number().int().positive(),
    bestRating: z.literal(5),
    worstRating: z.literal(1),
  })
  .refine((r) => r.ratingValue >= r.worstRating && r.ratingValue <= r.bestRating);

const product = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('Product'),
  name: z.string().min(1),
  image: z.array(absoluteUrl).min(1),
  description: z.string().min(1),
  sku: z.string().min(1),
  brand: z.object({ '@type': z.literal('Brand'), name: z.string().min(1) }),
  offers: offer,
  aggregateRating: aggregateRating.optional(),
});

const breadcrumbs = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('BreadcrumbList'),
  itemListElement: z
    .array(
      z.object({
        '@type': z.literal('ListItem'),
        position: z.number().int().positive(),
        name: z.string().min(1),
        item: absoluteUrl,
      }),
    )
    .min(2),
});

const url = 'https://shop.keebshop.test/keebshop/products/x';

describe('structured data of product pages', () => {
  it('gives every product what rich results require and recommend', () => {
    for (const p of fixtureProducts) {
      const data = productJsonLd({
        product: p,
        url,
        images: [`${url}/preview.png`],
        available: 3,
        rating: { average: 4.25, count: 4 },
      });
      expect(product.safeParse(data).error, p.name).toBeUndefined();
      expect(data.offers).toMatchObject({ price: schemaPrice(p.priceCents) });
    }
  });

  it('leaves the rating out when nobody has rated, and says when it is sold out', () => {
    const data = productJsonLd({
      product: fixtureProducts[0]!,
      url,
      images: [`${url}/preview.png`],
      available: 0,
      rating: null,
    });
    expect(product.parse(data).aggregateRating).toBeUndefined();
    expect(data.offers).toMatchObject({ availability: 'https://schema.org/OutOfStock' });
  });

  it('writes any price as schema.org wants it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (cents) => {
        const text = schemaPrice(cents);
        expect(text).toMatch(/^\d+\.\d{2}$/);
        expect(Math.round(Number(text) * 100)).toBe(cents);
      }),
    );
  });

  it('numbers the breadcrumbs from 1', () => {
    const data = breadcrumbJsonLd([
      { name: 'Home', url: 'https://shop.keebshop.test/keebshop/' },
      { name: 'Keyboards', url: 'https://shop.keebshop.test/keebshop/keyboards' },
      { name: 'Mechanical Keyboard Pro', url },
    ]);
    const parsed = breadcrumbs.parse(data);
    expect(parsed.itemListElement.map((i) => i.position)).toEqual([1, 2, 3]);
  });
});
