// The stock editor's data calls with the signed-in staff token: stock and availability through
// the data API (staff may read the stock table), changes through /functions/v1/admin-stock.
import { adminStockFunction } from '../../../../contracts/functions/admin-stock.ts';
import { callFunction } from '../../../lib/functions.ts';
import type { Backend } from '../../../lib/supabase.ts';

export interface StockRow {
  productKey: string;
  color: string;
  onHand: number;
  available: number;
}

export const rowKey = (productKey: string, color: string) => `${productKey}\u0000${color}`;

/** Every product and colour's on hand and available, by rowKey. */
export async function fetchStock(backend: Backend): Promise<Map<string, StockRow>> {
  const { db } = backend;
  const [stock, availability] = await Promise.all([
    db.from('stock').select('product_key,color,on_hand'),
    db.from('stock_availability').select('product_key,color,available'),
  ]);
  if (stock.error) throw new Error(stock.error.message);
  if (availability.error) throw new Error(availability.error.message);
  // A view's columns are nullable in the generated types; every row of this one is whole.
  const available = new Map(
    availability.data.flatMap((r) =>
      r.product_key && r.color ? [[rowKey(r.product_key, r.color), Number(r.available)]] : [],
    ),
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
  const request = { productKey, color, onHand };
  const result = await callFunction(backend.functions, adminStockFunction, request);
  if (!result.ok) throw new Error(result.message);
  return result.answer.stock;
}
