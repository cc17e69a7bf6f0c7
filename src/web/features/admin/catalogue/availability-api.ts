// A product's availability through the data API with the staff token: its row of
// public.product_availability (row-level security lets staff write it) and its progress from
// public.availability_progress (ADR 0051). No row: the product is in stock.
import * as z from 'zod/mini';
import type { Backend } from '../../../lib/supabase.ts';
import { AVAILABILITY_TEXT as T } from './availability-texts.ts';

const rowSchema = z.object({
  product_key: z.string(),
  kind: z.enum(['pre_order', 'group_buy']),
  ships_from: z.string(),
  ships_by: z.string(),
  cap: z.nullable(z.number()),
  starts_at: z.nullable(z.string()),
  ends_at: z.nullable(z.string()),
  moq: z.nullable(z.number()),
});

/** A row of public.product_availability, as the editor reads and writes it. */
export type AvailabilityRow = z.infer<typeof rowSchema>;
/** What a save writes besides the key: every column, so a group buy made a pre-order loses its run. */
export type AvailabilityValues = Omit<AvailabilityRow, 'product_key'>;

const progressSchema = z.object({ units_paid: z.number(), units_held: z.number() });
export type AvailabilityProgress = z.infer<typeof progressSchema>;

const COLUMNS = 'product_key,kind,ships_from,ships_by,cap,starts_at,ends_at,moq';

function rowOf(data: readonly unknown[]): AvailabilityRow | null {
  if (data.length === 0) return null;
  const parsed = rowSchema.safeParse(data[0]);
  if (!parsed.success) throw new Error(`unreadable availability row: ${JSON.stringify(data[0])}`);
  return parsed.data;
}

/**
 * Units paid and held; null when the view has no row: in stock, or not published (the view shows
 * published products only, as the shop does).
 */
export async function fetchProgress(
  backend: Backend,
  key: string,
): Promise<AvailabilityProgress | null> {
  const { data, error } = await backend.db
    .from('availability_progress')
    .select('units_paid,units_held')
    .eq('product_key', key);
  if (error) throw new Error(error.message);
  const parsed = progressSchema.safeParse(data[0]);
  return parsed.success ? parsed.data : null;
}

/** The product's availability row (null: in stock) and its progress. */
export async function fetchAvailability(
  backend: Backend,
  key: string,
): Promise<{ row: AvailabilityRow | null; progress: AvailabilityProgress | null }> {
  const [read, progress] = await Promise.all([
    backend.db.from('product_availability').select(COLUMNS).eq('product_key', key),
    fetchProgress(backend, key),
  ]);
  if (read.error) throw new Error(read.error.message);
  return { row: rowOf(read.data), progress };
}

export type AvailabilitySave =
  { ok: true; row: AvailabilityRow | null } | { ok: false; message: string };

/** The server's refusal in words: its CHECKs and row-level security speak Postgres. */
function refusal(error: { code: string; message: string }): AvailabilitySave {
  switch (error.code) {
    case '23514':
      return { ok: false, message: T.errors.checks(error.message) };
    case '42501':
      return { ok: false, message: T.errors.notStaff };
    case '23503':
      return { ok: false, message: T.errors.gone };
    case '23505':
      return { ok: false, message: T.errors.raced };
    // postgrest-js answers a failed fetch with an empty code.
    case '':
      return { ok: false, message: T.errors.network };
    default:
      return { ok: false, message: T.errors.failed(error.message) };
  }
}

/**
 * In stock (null) removes the row; otherwise the row is written whole: changed if there is one,
 * else made. Not an upsert: the shop's data API refuses them (src/server/rest/table.ts). Made by
 * someone else between the two requests: the insert is refused as taken (23505), said in words.
 */
export async function saveAvailability(
  backend: Backend,
  key: string,
  values: AvailabilityValues | null,
): Promise<AvailabilitySave> {
  const table = () => backend.db.from('product_availability');
  if (values === null) {
    const { error } = await table().delete().eq('product_key', key);
    return error ? refusal(error) : { ok: true, row: null };
  }
  const changed = await table().update(values).eq('product_key', key).select(COLUMNS);
  if (changed.error) return refusal(changed.error);
  const written =
    changed.data.length > 0
      ? changed
      : await table()
          .insert({ product_key: key, ...values })
          .select(COLUMNS);
  if (written.error) return refusal(written.error);
  try {
    return { ok: true, row: rowOf(written.data) };
  } catch {
    return { ok: false, message: T.errors.savedUnread };
  }
}
