// The back office's slice of the public schema (supabase/migrations/20261124090000_shop_orders.sql),
// typed for postgrest-js. Staff read every row through row-level security.

export const ORDER_STATUSES = ['paid', 'shipped', 'delivered', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Stripe's Address object, as checkout collected it. */
export interface ShippingAddress {
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  state?: string | null;
  postal_code?: string | null;
  country?: string | null;
}

export interface ShopOrderRow {
  /** bigint: a number, or a string from servers that keep 64-bit precision. */
  id: number | string;
  order_number: string;
  checkout_session_id: string;
  user_id: string | null;
  email: string | null;
  status: OrderStatus;
  currency: string;
  subtotal_cents: number;
  shipping_cents: number;
  total_cents: number;
  refunded_cents: number;
  shipping_method: string | null;
  shipping_rate: string | null;
  shipping_name: string | null;
  shipping_address: ShippingAddress | null;
  payment_intent: string | null;
  carrier: string | null;
  tracking_number: string | null;
  created_at: string;
  updated_at: string;
  shipped_at: string | null;
  delivered_at: string | null;
  cancelled_at: string | null;
  address_erased_at: string | null;
}

export interface OrderLineRow {
  id: number | string;
  order_id: number | string | null;
  product_name: string;
  product_key: string;
  selected_color: string;
  quantity: number;
  /** Dollars; numeric may arrive as a number or a string. */
  price: number | string;
  line_number: number;
}

export interface RefundRow {
  id: number | string;
  order_id: number | string;
  provider_refund_id: string;
  amount_cents: number;
  created_at: string;
}

export interface AuditRow {
  id: number | string;
  at: string;
  staff_id: string | null;
  staff_email: string | null;
  action: string;
  order_id: number | string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

type ReadOnly<Row> = { Row: Row; Insert: never; Update: never; Relationships: [] };

export interface AdminDatabase {
  public: {
    Tables: {
      shop_orders: ReadOnly<ShopOrderRow>;
      orders: ReadOnly<OrderLineRow>;
      shop_order_refunds: ReadOnly<RefundRow>;
      staff_audit_log: ReadOnly<AuditRow>;
    };
    Views: Record<never, never>;
    Functions: Record<never, never>;
  };
}
