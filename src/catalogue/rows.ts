import * as z from 'zod/mini';
import { centsToDollars } from './money.ts';
import type {
  Accessory,
  AccessoryArtKind,
  AccessoryConnectivity,
  AccessoryType,
  Keyboard,
  KeyboardConnectivity,
  KeyboardLayout,
  Product,
  ProductKey,
  Switch,
} from './types.ts';
import { sheetProblems } from './specs/schema.ts';
import { SWITCH_TYPES } from './specs/values.ts';
import type { AccessorySpecs, KeyboardSpecs, SwitchSpecs } from './specs/types.ts';

// A product as the data API answers it: one row of public.catalogue_products (supabase/migrations,
// catalogue_products), which the storefront and the server both read. One schema for both sides;
// a row that does not fit is left out of the catalogue with its reason, never half-read.

/** The columns to select from public.catalogue_products but its photos, in the view's order. */
export const CATALOGUE_COLUMNS_WITHOUT_PHOTOS =
  'key,category,id,url_key,name,description,price_cents,selected_color,seed_ratings,connectivity,product_type,drawing,specs,status,position,variants';

/** The columns to select from public.catalogue_products, in the order of the view. */
export const CATALOGUE_COLUMNS = `${CATALOGUE_COLUMNS_WITHOUT_PHOTOS},photos`;

/** The values the category's own fields take (the editor offers them). */
export const KEYBOARD_CONNECTIVITIES: readonly KeyboardConnectivity[] = ['Wired', 'Wireless'];
export const KEYBOARD_LAYOUTS: readonly KeyboardLayout[] = ['full', 'tkl', 'compact', 'ergonomic'];
export const ACCESSORY_CONNECTIVITIES: readonly AccessoryConnectivity[] = [
  'Physical',
  'Wired',
  'USB',
  'User choice',
];
export const ACCESSORY_TYPES: readonly AccessoryType[] = [
  'Storage',
  'Comfort',
  'Cleaning',
  'Testing',
  'Connectivity',
];
export const ACCESSORY_ARTS: readonly AccessoryArtKind[] = [
  'cleaner-kit',
  'headset-stand',
  'wrist-rest',
  'case',
  'switch-puller',
  'keycap-puller',
  'switch-tester',
  'cable',
  'mousepad',
  'mouse',
  'headset',
  'monitor',
  'keyboard-stand',
  'monitor-stand',
  'cable-clip',
  'cable-sleeve',
  'cable-box',
  'cable-tray',
];

/** One row of public.catalogue_products. */
export const catalogueRowSchema = z.object({
  key: z.string(),
  category: z.enum(['keyboards', 'switches', 'accessories']),
  id: z.number().check(z.int(), z.nonnegative()),
  url_key: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
  description: z.string(),
  price_cents: z.number().check(z.int(), z.positive()),
  selected_color: z.string(),
  seed_ratings: z.array(z.number().check(z.int(), z.gte(1), z.lte(5))),
  connectivity: z.nullable(z.string()),
  product_type: z.nullable(z.string()),
  drawing: z.nullable(z.string()),
  specs: z.record(z.string(), z.json()),
  status: z.enum(['draft', 'published', 'archived']),
  position: z.number(),
  variants: z.array(z.object({ color: z.string().check(z.minLength(1)), sku: z.string() })),
  // Absent from rows read before photos existed (public.product_photos).
  photos: z.optional(
    z.array(
      z.object({
        path: z.string().check(z.minLength(1)),
        alt: z.string(),
        width: z.number().check(z.int(), z.positive()),
        height: z.number().check(z.int(), z.positive()),
        version: z.nullable(z.string()),
      }),
    ),
  ),
});

export type CatalogueRow = z.infer<typeof catalogueRowSchema>;

/** A row read: its product, or why it was left out. */
export type RowReading =
  { ok: true; product: Product } | { ok: false; key: string; reason: string };

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((v) => v === value);

/** The product of a row of public.catalogue_products, or why the row cannot be one. */
export function readCatalogueRow(raw: unknown): RowReading {
  const parsed = catalogueRowSchema.safeParse(raw);
  const rawKey =
    typeof raw === 'object' && raw !== null && 'key' in raw ? String(raw.key) : '(no key)';
  if (!parsed.success) return { ok: false, key: rawKey, reason: 'not a catalogue row' };
  const row = parsed.data;
  const fail = (reason: string): RowReading => ({ ok: false, key: row.key, reason });
  if (row.key !== `${row.category}:${row.id}`) return fail('key does not match category and id');
  const colors = row.variants.map((v) => v.color);
  if (!colors.includes(row.selected_color)) return fail('default colour is not a variant');
  const problems = sheetProblems(row.category, row.specs);
  if (problems.length > 0) return fail(`specification sheet: ${problems.join('; ')}`);
  const base = {
    id: row.id,
    key: row.key as ProductKey,
    urlKey: row.url_key,
    name: row.name,
    description: row.description,
    price: centsToDollars(row.price_cents),
    priceCents: row.price_cents,
    availableColors: colors,
    variants: row.variants,
    photos: row.photos ?? [],
    selectedColor: row.selected_color,
    reviews: row.seed_ratings,
    status: row.status,
  };
  switch (row.category) {
    case 'keyboards': {
      const connectivity = oneOf(KEYBOARD_CONNECTIVITIES, row.connectivity);
      const layout = oneOf(KEYBOARD_LAYOUTS, row.drawing);
      if (!connectivity || !layout) return fail('keyboard without connectivity or layout');
      const specs = { ...row.specs, category: 'keyboards' } as KeyboardSpecs;
      const product: Keyboard = { ...base, category: 'keyboards', connectivity, layout, specs };
      return { ok: true, product };
    }
    case 'switches': {
      const type = oneOf(SWITCH_TYPES, row.product_type);
      if (!type) return fail('switch without a type');
      const specs = { ...row.specs, category: 'switches', type } as SwitchSpecs;
      const product: Switch = { ...base, category: 'switches', type, specs };
      return { ok: true, product };
    }
    case 'accessories': {
      const connectivity = oneOf(ACCESSORY_CONNECTIVITIES, row.connectivity);
      const art = oneOf(ACCESSORY_ARTS, row.drawing);
      const type = oneOf(ACCESSORY_TYPES, row.product_type);
      if (!connectivity || !art) return fail('accessory without connectivity or drawing');
      if (row.product_type !== null && !type) return fail('unknown accessory type');
      const specs = { ...row.specs, category: 'accessories' } as AccessorySpecs;
      const product: Accessory = {
        ...base,
        category: 'accessories',
        connectivity,
        art,
        specs,
        ...(type ? { type } : {}),
      };
      return { ok: true, product };
    }
  }
}

/** The products of these rows, and the rows left out (each with its key and reason). */
export function readCatalogueRows(rows: readonly unknown[]): {
  products: Product[];
  rejected: { key: string; reason: string }[];
} {
  const products: Product[] = [];
  const rejected: { key: string; reason: string }[] = [];
  for (const raw of rows) {
    const reading = readCatalogueRow(raw);
    if (reading.ok) products.push(reading.product);
    else rejected.push({ key: reading.key, reason: reading.reason });
  }
  return { products, rejected };
}

/** A value JSON can carry, as a specification sheet's fields are stored (jsonb). */
export type JsonValue = z.infer<ReturnType<typeof z.json>>;

/** What public.save_product takes: a product's row and its colours (key absent for a new one). */
export type SaveProductInput = {
  key?: string;
  expected_updated_at?: string;
  category: Product['category'];
  url_key: string;
  name: string;
  description: string;
  price_cents: number;
  selected_color: string;
  connectivity: string | null;
  product_type: string | null;
  drawing: string | null;
  specs: Record<string, JsonValue>;
  /** Absent: a new product is a draft, an existing one keeps its status. */
  status?: Product['status'];
  variants: { color: string; sku: string }[];
};

/** What public.save_product (and import_products) take to save this row as it is. */
export function saveInputOf(row: CatalogueRow, expectedUpdatedAt?: string): SaveProductInput {
  return {
    key: row.key,
    ...(expectedUpdatedAt ? { expected_updated_at: expectedUpdatedAt } : {}),
    category: row.category,
    url_key: row.url_key,
    name: row.name,
    description: row.description,
    price_cents: row.price_cents,
    selected_color: row.selected_color,
    connectivity: row.connectivity,
    product_type: row.product_type,
    drawing: row.drawing,
    specs: row.specs,
    status: row.status,
    variants: row.variants.map((v) => ({ color: v.color, sku: v.sku })),
  };
}
