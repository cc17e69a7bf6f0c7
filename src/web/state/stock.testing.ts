// For component tests: fills the stock store as if the shop had answered `rows`.
import type { Backend } from '../lib/supabase.ts';
import type { Tables } from '../../contracts/database.ts';
import { stockStore } from './stock-store.ts';

export async function loadStock(rows: Tables<'stock_availability'>[]): Promise<void> {
  stockStore.reset();
  const db = {
    from: () => ({ select: () => Promise.resolve({ data: rows, error: null }) }),
  };
  await stockStore.load(() => Promise.resolve({ db } as unknown as Backend));
}
