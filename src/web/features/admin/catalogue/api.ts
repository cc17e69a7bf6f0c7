// The catalogue editor's data calls with the signed-in staff token: products through the
// public.catalogue_products view (row-level security lets staff read drafts and archived ones),
// their history from public.staff_audit_log, and every change through public.save_product, which
// writes a product and its colours in one transaction (ADR 0045). Photos: photos-api.ts.
import * as z from 'zod/mini';
import {
  CATALOGUE_COLUMNS,
  catalogueRowSchema,
  saveInputOf,
  type SaveProductInput,
} from '../../../../catalogue/rows.ts';
import type { Backend } from '../../../lib/supabase.ts';
import type { AuditRow } from '../types.ts';
import { PRODUCT_TEXT as T } from './texts.ts';

// Rows of the view come typed as the migrations make them (src/contracts/database.ts), every
// column nullable and the JSON ones as Json; this schema reads them into what the editor uses.
const productRowSchema = z.extend(catalogueRowSchema, { updated_at: z.string() });

/** A row of public.catalogue_products, with the time of its last change (for stale edits). */
export type ProductRow = z.infer<typeof productRowSchema>;

/** What public.save_product takes: no key creates a product; a key updates that one. */
export type ProductPayload = SaveProductInput;

const COLUMNS = `${CATALOGUE_COLUMNS},updated_at`;

/** The products of these rows; a row that does not read fails the whole read, in words. */
function productRows(rows: readonly unknown[]): ProductRow[] {
  return rows.map((raw) => {
    const parsed = productRowSchema.safeParse(raw);
    if (parsed.success) return parsed.data;
    const key = typeof raw === 'object' && raw !== null && 'key' in raw ? String(raw.key) : '?';
    throw new Error(T.errors.unreadableRow(key));
  });
}

/** Every product, drafts and archived ones included, by name. */
export async function fetchProducts(backend: Backend): Promise<ProductRow[]> {
  const { data, error } = await backend.db.from('catalogue_products').select(COLUMNS).order('name');
  if (error) throw new Error(error.message);
  return productRows(data);
}

/** One product by key; null when there is none. */
export async function fetchProduct(backend: Backend, key: string): Promise<ProductRow | null> {
  const { data, error } = await backend.db
    .from('catalogue_products')
    .select(COLUMNS)
    .eq('key', key);
  if (error) throw new Error(error.message);
  return productRows(data)[0] ?? null;
}

/** A switch a keyboard's sheet may name as fitted. */
export type SwitchOption = Pick<ProductRow, 'key' | 'name' | 'status'>;

const switchOptionSchema = z.pick(productRowSchema, { key: true, name: true, status: true });

/** The switches a keyboard's sheet may name as fitted, by name. */
export async function fetchSwitches(backend: Backend): Promise<SwitchOption[]> {
  const { data, error } = await backend.db
    .from('catalogue_products')
    .select('key,name,status')
    .eq('category', 'switches')
    .order('name');
  if (error) throw new Error(error.message);
  return data.flatMap((row) => {
    const parsed = switchOptionSchema.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });
}

/** At most this many entries of a product's history are shown. */
export const HISTORY_LIMIT = 100;

/** A product's audit log, newest first. */
export async function fetchHistory(backend: Backend, key: string): Promise<AuditRow[]> {
  const { data, error } = await backend.db
    .from('staff_audit_log')
    .select('*')
    .eq('product_key', key)
    .order('at', { ascending: false })
    .order('id', { ascending: false })
    .limit(HISTORY_LIMIT);
  if (error) throw new Error(error.message);
  return data;
}

/** Where a refused save points: a field of the form, or the form as a whole. */
export type SaveResult =
  | { ok: true; row: ProductRow }
  | { ok: false; field: 'name' | 'urlKey' | 'sku' | null; sku?: string; message: string };

interface DatabaseError {
  code: string;
  message: string;
  details: string | null;
}

/**
 * The server's refusal in words. Unique violations name their constraint (PostgREST passes
 * Postgres' message and detail on), so a taken name, address or SKU is said next to its field;
 * a stale edit (40001) and the function's own checks (22023) already speak to staff.
 */
export function refusal(error: DatabaseError): Extract<SaveResult, { ok: false }> {
  const text = `${error.message} ${error.details ?? ''}`;
  if (error.code === '23505') {
    if (text.includes('products_name_key')) {
      return { ok: false, field: 'name', message: T.errors.nameTaken };
    }
    if (text.includes('products_url_key_key')) {
      return { ok: false, field: 'urlKey', message: T.errors.urlKeyTaken };
    }
    if (text.includes('product_variants_sku_key')) {
      const sku = /\(sku\)=\(([^)]*)\)/.exec(text)?.[1];
      return { ok: false, field: 'sku', message: T.errors.skuTaken, ...(sku ? { sku } : {}) };
    }
  }
  if (error.code === '40001' || error.code === '22023') {
    return { ok: false, field: null, message: error.message };
  }
  // postgrest-js answers a failed fetch with an empty code.
  if (error.code === '') return { ok: false, field: null, message: T.errors.network };
  return { ok: false, field: null, message: T.errors.failed(error.message) };
}

/** Saves through public.save_product; answers the saved row or the refusal in words. */
export async function saveProduct(backend: Backend, product: ProductPayload): Promise<SaveResult> {
  const { data, error } = await backend.db.rpc('save_product', { product });
  if (error) return refusal(error);
  const parsed = productRowSchema.safeParse(data);
  if (!parsed.success) return { ok: false, field: null, message: T.errors.savedUnread };
  return { ok: true, row: parsed.data };
}

/** The payload that saves a row as it is, but for `changes` (the status actions). */
export function payloadOf(row: ProductRow, changes: Partial<ProductPayload> = {}): ProductPayload {
  return { ...saveInputOf(row, row.updated_at), ...changes };
}

/** Saves every planned change of a CSV import in one transaction: all of them, or none. */
export async function importProducts(
  backend: Backend,
  products: ProductPayload[],
): Promise<{ ok: true; saved: number } | { ok: false; message: string }> {
  const { data, error } = await backend.db.rpc('import_products', { products });
  if (error) return { ok: false, message: refusal(error).message };
  return { ok: true, saved: data };
}
