// The slice of the public schema the storefront reads, typed for postgrest-js
// (mirrors supabase/migrations: public.orders, public.order_history(), public.delete_user(), and
// the reviews: the table, the public.product_ratings view and public.rate_product()).

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
      reviews: {
        Row: ReviewRow;
        Insert: { product_key: string; product_name: string; rating: number };
        Update: { rating?: number };
        Relationships: [];
      };
    };
    Views: {
      product_ratings: { Row: ProductRatingsRow; Relationships: [] };
    };
    Functions: {
      delete_user: { Args: Record<never, never>; Returns: undefined };
      order_history: {
        Args: { page_size?: number; before_created_at?: string; before_session?: string };
        Returns: OrderRow[];
      };
      rate_product: {
        Args: { product_key: string; product_name: string; rating: number };
        Returns: ProductRatingsRow;
      };
    };
  };
}
