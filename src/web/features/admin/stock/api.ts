// The stock editor's data calls with the signed-in staff token: stock and availability through
// the data API (staff may read the stock table), changes through /functions/v1/admin-stock.
import { adminStockFunction } from '../../../../contracts/functions/admin-stock.ts';
import { callFunction } from '../../../lib/functions.ts';
import type { Backend } from '../../../lib/supabase.ts';
import { fetchAvailability, stockKey } from '../../../state/stock-store.ts';

export interface StockRow {
  productKey: string;
  color: string;
  onHand: number;
  available: number;
}

/** Every product and colour's on hand and available, by the stock store's stockKey. */
export async function fetchStock(backend: Backend): Promise<Map<string, StockRow>> {
  const { db } = backend;
  const [stock, available] = await Promise.all([
    db.from('stock').select('product_key,color,on_hand'),
    fetchAvailability(db),
  ]);
  if (stock.error) throw new Error(stock.error.message);
  return new Map(
    stock.data.map((r) => {
      const key = stockKey(r.product_key, r.color);
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
