// What the server-rendered pages show, read as the tables' owner
// (docs/decisions/0049-server-rendered-product-pages.md): published products only, with their
// stock and stored ratings; a former address leads to its product's current one.
import type { Category, Product, StoredRatings } from '../../catalogue/index.ts';
import { CATALOGUE_COLUMNS, readCatalogueRows } from '../../catalogue/rows.ts';
import type { ProductAvailability } from '../../contracts/availability.ts';
import { readAvailability } from '../catalogue/index.ts';
import type { Queryable } from '../db/types.ts';

/**
 * What a page shows besides its products: stock per product and colour, its pre-orders and group
 * buys, ratings per product.
 */
export interface PageFacts {
  stock: { productKey: string; color: string; available: number }[];
  availability: ProductAvailability[];
  ratings: Map<string, StoredRatings>;
}

export type ProductRead =
  | ({ kind: 'product'; product: Product; names: Map<string, string> } & PageFacts)
  /** A former address of a product that is still sold: redirect to its current one. */
  | { kind: 'moved'; urlKey: string }
  /** A product that has left the catalogue (archived). */
  | { kind: 'gone'; name: string }
  /** No such product, or one not yet in the shop (a draft). */
  | { kind: 'missing' };

async function readProducts(db: Queryable, where: string, params: unknown[]): Promise<Product[]> {
  const { rows } = await db.query(
    `SELECT ${CATALOGUE_COLUMNS} FROM public.catalogue_products WHERE ${where} ORDER BY position, key`,
    params,
  );
  // A row that does not read as a product is left out, as the storefront leaves it out.
  return readCatalogueRows(rows).products;
}

async function readFacts(db: Queryable, keys: readonly string[]): Promise<PageFacts> {
  const stock = await db.query<{ product_key: string; color: string; available: number }>(
    `SELECT product_key, color, available::integer AS available
     FROM public.stock_availability WHERE product_key = ANY($1::text[])`,
    [keys],
  );
  const availability = await readAvailability(db, keys);
  const ratings = await db.query<{ product_key: string; count: number; sum: string }>(
    `SELECT product_key, rating_count::integer AS count, rating_sum::text AS sum
     FROM public.product_ratings WHERE product_key = ANY($1::text[])`,
    [keys],
  );
  return {
    stock: stock.rows.map((r) => ({
      productKey: r.product_key,
      color: r.color,
      available: Number(r.available),
    })),
    availability: [...availability.values()],
    ratings: new Map(
      ratings.rows.map((r) => [r.product_key, { count: Number(r.count), sum: Number(r.sum) }]),
    ),
  };
}

/** The published product at `urlKey`, if there is one (its preview image needs no more). */
export async function readPublishedProduct(
  db: Queryable,
  urlKey: string,
): Promise<Product | undefined> {
  const [product] = await readProducts(db, "url_key = $1 AND status = 'published'", [urlKey]);
  return product;
}

/** The product at `/keebshop/products/<urlKey>`, or why there is none. */
export async function readProductPage(db: Queryable, urlKey: string): Promise<ProductRead> {
  const [product] = await readProducts(db, 'url_key = $1', [urlKey]);
  if (!product) {
    const { rows } = await db.query<{ url_key: string; status: string; name: string }>(
      `SELECT p.url_key, p.status, p.name FROM public.product_url_history h
       JOIN public.products p ON p.key = h.product_key WHERE h.url_key = $1`,
      [urlKey],
    );
    const former = rows[0];
    if (former?.status === 'published') return { kind: 'moved', urlKey: former.url_key };
    if (former?.status === 'archived') return { kind: 'gone', name: former.name };
    return { kind: 'missing' };
  }
  if (product.status === 'archived') return { kind: 'gone', name: product.name };
  if (product.status !== 'published') return { kind: 'missing' };
  // The names a specification sheet may refer to (the switch a keyboard is fitted with).
  const { rows } = await db.query<{ key: string; name: string }>(
    "SELECT key, name FROM public.products WHERE status = 'published'",
  );
  return {
    kind: 'product',
    product,
    names: new Map(rows.map((r) => [r.key, r.name])),
    ...(await readFacts(db, [product.key])),
  };
}

/** A category's published products, in the shop's order, with their stock and ratings. */
export async function readCategoryPage(
  db: Queryable,
  category: Category,
): Promise<{ products: Product[] } & PageFacts> {
  const products = await readProducts(db, "category = $1 AND status = 'published'", [category]);
  return {
    products,
    ...(await readFacts(
      db,
      products.map((p) => p.key),
    )),
  };
}

/** A published product's address and when it last changed, for the sitemap. */
export interface SitemapEntry {
  urlKey: string;
  category: Category;
  updatedAt: Date;
}

export async function readSitemap(db: Queryable): Promise<SitemapEntry[]> {
  const { rows } = await db.query<{ url_key: string; category: Category; updated_at: Date }>(
    `SELECT p.url_key, p.category,
            greatest(p.updated_at, (SELECT max(ph.created_at) FROM public.product_photos ph
                                    WHERE ph.product_key = p.key)) AS updated_at
     FROM public.products p WHERE p.status = 'published' ORDER BY p.category, p.position, p.key`,
  );
  return rows.map((r) => ({
    urlKey: r.url_key,
    category: r.category,
    updatedAt: new Date(r.updated_at),
  }));
}

/** The catalogue's version (see the product pages' migration): changes with what pages show. */
export async function readCatalogueVersion(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ version: string }>(
    'SELECT version::text AS version FROM public.catalogue_version',
  );
  return rows[0]?.version ?? '0';
}
