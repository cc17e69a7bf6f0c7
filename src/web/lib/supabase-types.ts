// The slice of the public schema the storefront reads, typed for postgrest-js
// (mirrors supabase/migrations: public.orders and public.delete_user()).

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

export interface ShopDatabase {
  public: {
    Tables: {
      orders: {
        Row: OrderRow;
        Insert: never;
        Update: never;
        Relationships: [];
      };
    };
    Views: Record<never, never>;
    Functions: {
      delete_user: { Args: Record<never, never>; Returns: undefined };
    };
  };
}
