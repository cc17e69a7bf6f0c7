// Staff set the units on hand of one product and colour (docs/decisions/0025-stock-holds.md),
// each change written to the staff audit log with the stock before and after.
import type { Database } from '../db/types.ts';

/** One product and colour's stock as staff see it. */
export interface StockRow {
  productKey: string;
  color: string;
  onHand: number;
  available: number;
}

/** Who made a change, for the audit log. */
export interface StaffActor {
  id: string;
  email: string | null;
}

async function rowOf(
  tx: Pick<Database, 'query'>,
  productKey: string,
  color: string,
): Promise<StockRow | undefined> {
  const { rows } = await tx.query<{ on_hand: number; available: number }>(
    `SELECT s.on_hand, a.available FROM public.stock s
     JOIN public.stock_availability a ON a.product_key = s.product_key AND a.color = s.color
     WHERE s.product_key = $1 AND s.color = $2`,
    [productKey, color],
  );
  const row = rows[0];
  return row
    ? { productKey, color, onHand: Number(row.on_hand), available: Number(row.available) }
    : undefined;
}

/**
 * Sets on_hand (the caller validated it and the product and colour) and logs the change with the
 * product's key, in one transaction. Units held by open checkouts stay held: available may show 0
 * until they end. Resolves the row after the change, or undefined when the product and colour have
 * no stock row.
 */
export async function setOnHand(
  db: Database,
  actor: StaffActor,
  productKey: string,
  color: string,
  onHand: number,
): Promise<StockRow | undefined> {
  return db.transaction(async (tx) => {
    const locked = await tx.query(
      `SELECT 1 FROM public.stock WHERE product_key = $1 AND color = $2 FOR UPDATE`,
      [productKey, color],
    );
    if (locked.rows.length === 0) return undefined;
    const before = await rowOf(tx, productKey, color);
    await tx.query(
      `UPDATE public.stock SET on_hand = $3, updated_at = now()
       WHERE product_key = $1 AND color = $2`,
      [productKey, color, onHand],
    );
    const after = await rowOf(tx, productKey, color);
    await tx.query(
      `INSERT INTO public.staff_audit_log (staff_id, staff_email, action, product_key, before, after)
       VALUES ($1::uuid, $2, 'stock', $3, $4::jsonb, $5::jsonb)`,
      [actor.id, actor.email, productKey, JSON.stringify(before), JSON.stringify(after)],
    );
    return after;
  });
}
