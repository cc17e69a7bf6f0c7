// The slice of the public schema the storefront reads, typed for postgrest-js
// (mirrors supabase/migrations: public.orders, public.shop_orders, public.order_history(), public.delete_user(), and
// the reviews: the table, the public.product_ratings view and public.rate_product(), and the
// products: the public.catalogue_products view).

/**
 * public.catalogue_products: one product with its colour variants (supabase/migrations,
 * 20261128130000_catalogue_products.sql). Anyone reads the published ones, staff every one. The
 * storefront reads it through src/catalogue/rows.ts, which checks every row before use.
 */
export interface CatalogueProductRow {
  key: string;
  category: 'keyboards' | 'switches' | 'accessories';
  id: number;
  url_key: string;
  name: string;
  description: string;
  price_cents: number;
  selected_color: string;
  seed_ratings: number[];
  connectivity: string | null;
  product_type: string | null;
  drawing: string | null;
  specs: Record<string, unknown>;
  status: 'draft' | 'published' | 'archived';
  position: number;
  variants: { color: string; sku: string }[];
}

/** public.stock_availability: the units of a product and colour a shopper can still buy. */
export interface StockAvailabilityRow {
  product_key: string;
  color: string;
  available: number;
}

export interface OrderRow {
  /** bigint: a number, or a string from servers that keep 64-bit precision. */
  id: number | string;
  user_id: string;
  product_name: string;
  selected_color: string;
  quantity: number;
  /** Dollars; numeric(10,2) may arrive as a number or a string, so read it with Number(). */
  price: number | string;
  created_at: string;
  checkout_session_id: string;
  line_number: number;
  /** "category:id" of the catalogue product, for the thumbnail. */
  product_key: string;
  /** The order (public.shop_orders) the line belongs to; bigint like id. */
  order_id: number | string;
}

/** The columns of public.shop_orders the order history reads (RLS: the shopper's own). */
export interface ShopOrderRow {
  id: number | string;
  order_number: string;
  status: 'paid' | 'shipped' | 'delivered' | 'cancelled' | 'refunded';
  total_cents: number;
  refunded_cents: number;
  carrier: string | null;
  tracking_number: string | null;
}

/** A shopper's own review (RLS: nobody reads anybody else's). */
export interface ReviewRow {
  id: number | string;
  user_id: string;
  product_key: string;
  product_name: string;
  /** numeric: read it with Number(). */
  rating: number | string;
  created_at: string;
  updated_at: string;
}

/** The stored ratings of one product, readable by everyone; it names no author. */
export interface ProductRatingsRow {
  product_key: string;
  rating_count: number;
  /** numeric sums may arrive as numbers or strings: read them with Number(). */
  rating_sum: number | string;
  average_rating: number | string;
}

export interface ShopDatabase {
  public: {
    Tables: {
      orders: {
        Row: OrderRow;
        Insert: never;
        Update: never;
        Relationships: [];
      };
      shop_orders: {
        Row: ShopOrderRow;
        Insert: never;
        Update: never;
        Relationships: [];
      };
      reviews: {
        Row: ReviewRow;
        Insert: { product_key: string; product_name: string; rating: number };
        Update: { rating?: number };
        Relationships: [];
      };
    };
    Views: {
      catalogue_products: { Row: CatalogueProductRow; Relationships: [] };
      product_ratings: { Row: ProductRatingsRow; Relationships: [] };
      stock_availability: { Row: StockAvailabilityRow; Relationships: [] };
    };
    Functions: {
      delete_user: { Args: Record<never, never>; Returns: undefined };
      order_history: {
        Args: { page_size?: number; before_created_at?: string; before_session?: string };
        Returns: OrderRow[];
      };
      may_review: { Args: { product_key: string; product_name: string }; Returns: boolean };
      rate_product: {
        Args: { product_key: string; product_name: string; rating: number };
        Returns: ProductRatingsRow;
      };
    };
  };
}
