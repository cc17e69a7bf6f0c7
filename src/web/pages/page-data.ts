// What a server-rendered page shows (docs/decisions/0049-server-rendered-product-pages.md): the
// server reads it, renders the page from it and puts it in the page as JSON, and the browser
// hydrates the page from the same data, so both render the same markup.
import type { Category, Product, StoredRatings } from '../../catalogue/index.ts';
import type { ProductAvailability } from '../../contracts/availability.ts';

interface PageBase {
  /** The Storage API the photos are read from (the app-config tag's, as on the list pages). */
  storageUrl: string;
  /** Units available per product and colour. */
  stock: { productKey: string; color: string; available: number }[];
  /** The page's products that are pre-orders or group buys, with their progress. */
  availability: ProductAvailability[];
  /** Stored ratings per product key. */
  ratings: [string, StoredRatings][];
}

export type PageData = PageBase &
  (
    | {
        kind: 'product';
        product: Product;
        /** The names of the products its specification sheet refers to, by key. */
        names: [string, string][];
      }
    | { kind: 'category'; category: Category; products: Product[] }
    /** No product at that address (404), or one that has left the catalogue (410). */
    | { kind: 'missing' }
    | { kind: 'gone'; name: string }
  );

/** The id of the script element holding the page's data. */
export const PAGE_DATA_ID = 'page-data';
