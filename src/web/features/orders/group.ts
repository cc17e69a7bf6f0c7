import { priceToCents } from '../../../catalogue/index.ts';
import type { HistoryOrder, HistoryRow } from './api.ts';

export interface OrderLine {
  id: string;
  productName: string;
  productKey: string;
  color: string;
  quantity: number;
  /** Unit price in cents. */
  priceCents: number;
}

export interface OrderGroup {
  /** The checkout session the lines were paid in. */
  id: string;
  createdAt: string;
  lines: OrderLine[];
  /** The order's total (shipping included) when read, else the sum of its lines. */
  totalCents: number;
  /** The order's number, status and shipment, when read. */
  order?: HistoryOrder;
}

function toLine(row: HistoryRow): OrderLine {
  return {
    id: String(row.id),
    productName: row.product_name,
    productKey: row.product_key,
    color: row.selected_color,
    quantity: Number(row.quantity),
    priceCents: priceToCents(Number(row.price)),
  };
}

/**
 * Groups order rows (newest first, as fetched) by checkout. Groups keep the order of their newest
 * row; lines within a group follow the checkout's line numbers.
 */
export function groupOrders(rows: readonly HistoryRow[]): OrderGroup[] {
  const groups = new Map<string, { createdAt: string; rows: HistoryRow[] }>();
  for (const row of rows) {
    const id = row.checkout_session_id;
    const group = groups.get(id);
    if (group) {
      group.rows.push(row);
      if (Date.parse(row.created_at) > Date.parse(group.createdAt))
        group.createdAt = row.created_at;
    } else {
      groups.set(id, { createdAt: row.created_at, rows: [row] });
    }
  }
  return Array.from(groups, ([id, group]) => {
    const lines = group.rows
      .slice()
      .sort((a, b) => a.line_number - b.line_number)
      .map(toLine);
    const order = group.rows.find((row) => row.order)?.order;
    return {
      id,
      createdAt: group.createdAt,
      lines,
      totalCents:
        order?.total_cents ?? lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0),
      ...(order ? { order } : {}),
    };
  });
}
