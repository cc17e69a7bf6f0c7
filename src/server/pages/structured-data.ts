// The structured data of a product page (docs/decisions/0049-server-rendered-product-pages.md):
// schema.org Product with its Offer and AggregateRating, and the page's BreadcrumbList, as JSON-LD.
// Typed with schema-dts (schema.org's vocabulary as TypeScript types), so a property or type that
// schema.org does not have fails the type check; the properties Google's rich results require or
// recommend are checked by structured-data.test.ts.
import type {
  BreadcrumbList,
  ItemAvailability,
  Product as SchemaProduct,
  WithContext,
} from 'schema-dts';
import type { Product } from '../../catalogue/index.ts';

/** The shop's prices are US dollars (src/catalogue/money.ts). */
export const PRICE_CURRENCY = 'USD';

const SHOP_NAME = 'Keebshop';

export interface ProductFacts {
  product: Product;
  /** The page's canonical URL. */
  url: string;
  /** Absolute URLs of its pictures: the photos, or the preview of its drawing. */
  images: string[];
  /** Units available over all its colours. */
  available: number;
  /** A pre-order or group buy: sold before it exists, so on pre-order whatever the stock says. */
  preOrder?: boolean;
  rating: { average: number; count: number } | null;
}

/** Dollars with cents, as schema.org's price wants them: "89.99", never "$89.99" or "89.9". */
export function schemaPrice(cents: number): string {
  return (cents / 100).toFixed(2);
}

export function productJsonLd(facts: ProductFacts): WithContext<SchemaProduct> {
  const { product, url, images, available, rating } = facts;
  const availability: ItemAvailability = facts.preOrder
    ? 'https://schema.org/PreOrder'
    : available > 0
      ? 'https://schema.org/InStock'
      : 'https://schema.org/OutOfStock';
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${url}#product`,
    name: product.name,
    description: product.description,
    image: images,
    url,
    sku: product.variants[0]?.sku ?? product.key,
    brand: { '@type': 'Brand', name: SHOP_NAME },
    category: categoryName(product),
    color: product.availableColors.join(', '),
    offers: {
      '@type': 'Offer',
      url,
      price: schemaPrice(product.priceCents),
      priceCurrency: PRICE_CURRENCY,
      availability,
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: SHOP_NAME },
    },
    ...(rating && rating.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: Math.round(rating.average * 10) / 10,
            ratingCount: rating.count,
            reviewCount: rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

function categoryName(product: Product): string {
  return { keyboards: 'Keyboards', switches: 'Switches', accessories: 'Accessories' }[
    product.category
  ];
}

/** Home › a category › (a product), each with its absolute URL. */
export function breadcrumbJsonLd(
  trail: readonly { name: string; url: string }[],
): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map(({ name, url }, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name,
      item: url,
    })),
  };
}
