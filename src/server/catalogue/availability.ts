// Pre-orders and group buys as checkout and the server-rendered pages read them
// (docs/decisions/0051-pre-orders-and-group-buys.md): public.availability_progress, each row with
// its progress. A product missing from the answer is in stock.
import type { AvailabilityKind, ProductAvailability } from '../../contracts/index.ts';
import type { Queryable } from '../db/types.ts';

interface AvailabilityRow {
  product_key: string;
  kind: AvailabilityKind;
  ships_from: string;
  ships_by: string;
  cap: number | null;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  moq: number | null;
  units_paid: number;
  units_held: number;
}

// The drivers parse timestamps differently (a Date or text): the contracts carry ISO text.
const isoOf = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/**
 * The availability of the cart's products that have one, with their progress, read with the
 * catalogue for a checkout: a product missing from the answer is in stock.
 */
export async function readAvailability(
  db: Queryable,
  keys: readonly string[],
): Promise<Map<string, ProductAvailability>> {
  if (keys.length === 0) return new Map();
  const { rows } = await db.query<AvailabilityRow>(
    `SELECT product_key, kind, to_char(ships_from, 'YYYY-MM-DD') AS ships_from,
            to_char(ships_by, 'YYYY-MM-DD') AS ships_by, cap, starts_at, ends_at, moq,
            units_paid, units_held
     FROM public.availability_progress WHERE product_key = ANY($1::text[])`,
    [[...keys]],
  );
  return new Map(
    rows.map((r) => [
      r.product_key,
      {
        productKey: r.product_key,
        kind: r.kind,
        shipsFrom: r.ships_from,
        shipsBy: r.ships_by,
        cap: r.cap === null ? null : Number(r.cap),
        startsAt: isoOf(r.starts_at),
        endsAt: isoOf(r.ends_at),
        moq: r.moq === null ? null : Number(r.moq),
        unitsPaid: Number(r.units_paid),
        unitsHeld: Number(r.units_held),
      },
    ]),
  );
}
