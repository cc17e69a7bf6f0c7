// The stock editor's data calls with the signed-in staff token: stock and availability through
// the data API (staff may read the stock table), changes through /functions/v1/admin-stock.
import type { PostgrestClient } from '@supabase/postgrest-js';
import type { Backend } from '../../../lib/supabase.ts';
import type { StockAvailabilityRow } from '../../../lib/supabase-types.ts';

export interface StockRow {
  productKey: string;
  color: string;
  onHand: number;
  available: number;
}

interface StockTableRow {
  product_key: string;
  color: string;
  on_hand: number;
}

interface StockDatabase {
  public: {
    Tables: { stock: { Row: StockTableRow; Insert: never; Update: never; Relationships: [] } };
    Views: { stock_availability: { Row: StockAvailabilityRow; Relationships: [] } };
    Functions: Record<never, never>;
  };
}

const stockDb = (backend: Backend) => backend.db as unknown as PostgrestClient<StockDatabase>;

export const rowKey = (productKey: string, color: string) => `${productKey}\u0000${color}`;

/** Every product and colour's on hand and available, by rowKey. */
export async function fetchStock(backend: Backend): Promise<Map<string, StockRow>> {
  const db = stockDb(backend);
  const [stock, availability] = await Promise.all([
    db.from('stock').select('product_key,color,on_hand'),
    db.from('stock_availability').select('product_key,color,available'),
  ]);
  if (stock.error) throw new Error(stock.error.message);
  if (availability.error) throw new Error(availability.error.message);
  const available = new Map(
    availability.data.map((r) => [rowKey(r.product_key, r.color), Number(r.available)]),
  );
  return new Map(
    stock.data.map((r) => {
      const key = rowKey(r.product_key, r.color);
      const row: StockRow = {
        productKey: r.product_key,
        color: r.color,
        onHand: Number(r.on_hand),
        available: available.get(key) ?? 0,
      };
      return [key, row];
    }),
  );
}

/** Sets on hand; resolves the row after the change, or rejects with the server's message. */
export async function saveOnHand(
  backend: Backend,
  productKey: string,
  color: string,
  onHand: number,
): Promise<StockRow> {
  const { data, error } = await backend.functions.invoke<{ stock: StockRow }>('admin-stock', {
    body: { productKey, color, onHand },
  });
  if (!error && data) return data.stock;
  const context: unknown = (error as { context?: unknown } | null)?.context;
  if (context instanceof Response) {
    const body = (await context.json().catch(() => null)) as { message?: unknown } | null;
    if (typeof body?.message === 'string') throw new Error(body.message);
  }
  throw new Error(error?.message ?? 'no answer');
}
