import type { Category } from '../../../../catalogue/index.ts';
import { parsePriceInput } from '../../../../catalogue/filters.ts';
import {
  ACCESSORY_ARTS,
  ACCESSORY_CONNECTIVITIES,
  ACCESSORY_TYPES,
  KEYBOARD_CONNECTIVITIES,
  KEYBOARD_LAYOUTS,
} from '../../../../catalogue/rows.ts';
import { SWITCH_TYPES } from '../../../../catalogue/specs/values.ts';
import { centsToInput } from '../format.ts';
import type { ProductPayload, ProductRow } from './api.ts';
import { checkSheet } from './sheet-errors.ts';
import { inputOf, sheetOf, type SheetInput } from './sheet-form.ts';
import { PRODUCT_TEXT as T } from './texts.ts';

// The editor's form as typed, and the one check that decides whether it can be saved. The limits
// are the database's own (public.products, public.product_variants), said before the server
// refuses them. Errors are keyed by field: "name", "color:3", "spec:weightG".

export interface VariantDraft {
  /** Identifies the row while it is edited and moved; never saved. */
  id: number;
  color: string;
  sku: string;
}

export interface ProductDraft {
  category: Category;
  name: string;
  urlKey: string;
  /** A new product's address follows its name until staff type one. */
  urlKeyTyped: boolean;
  description: string;
  price: string;
  variants: VariantDraft[];
  /** The row whose colour is the default. */
  defaultId: number;
  connectivity: string;
  productType: string;
  drawing: string;
  sheet: SheetInput;
}

export type FieldErrors = Record<string, string>;

/** What every part of the editor's form is given. */
export interface PartProps {
  draft: ProductDraft;
  errors: FieldErrors;
  /** The form's id prefix: a field's id is `${ids}-${key}`. */
  ids: string;
  /** Changes the draft and clears the errors of the fields it names ('*': every one). */
  update: (change: (draft: ProductDraft) => ProductDraft, ...cleared: string[]) => void;
}

let lastId = 0;
export const newVariant = (color = '', sku = ''): VariantDraft => ({ id: ++lastId, color, sku });

/** An address from a name: lowercase words joined by hyphens ("RGB Board 75%" → "rgb-board-75"). */
export function suggestUrlKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 80)
    .replace(/^-+|-+$/g, '');
}

export function newDraft(category: Category = 'keyboards'): ProductDraft {
  const first = newVariant();
  return {
    category,
    name: '',
    urlKey: '',
    urlKeyTyped: false,
    description: '',
    price: '',
    variants: [first],
    defaultId: first.id,
    connectivity: '',
    productType: '',
    drawing: '',
    sheet: inputOf(category),
  };
}

export function draftOf(row: ProductRow): ProductDraft {
  const variants = row.variants.map((v) => newVariant(v.color, v.sku));
  const chosen = variants.find((v) => v.color === row.selected_color) ?? variants[0];
  return {
    category: row.category,
    name: row.name,
    urlKey: row.url_key,
    urlKeyTyped: true,
    description: row.description,
    price: centsToInput(row.price_cents),
    variants,
    defaultId: chosen?.id ?? 0,
    connectivity: row.connectivity ?? '',
    productType: row.product_type ?? '',
    drawing: row.drawing ?? '',
    sheet: inputOf(row.category, row.specs),
  };
}

const URL_KEY = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const SKU = /^[A-Z0-9]+(-[A-Z0-9]+)*$/;
/** The values the category's own fields allow (the products table's checks, rows.ts). */
export const KIND_VALUES = {
  keyboardConnectivity: KEYBOARD_CONNECTIVITIES,
  layouts: KEYBOARD_LAYOUTS,
  switchTypes: SWITCH_TYPES,
  accessoryConnectivity: ACCESSORY_CONNECTIVITIES,
  accessoryTypes: ACCESSORY_TYPES,
  drawings: ACCESSORY_ARTS,
};

function checkVariants(draft: ProductDraft, errors: FieldErrors) {
  if (draft.variants.length === 0) errors.variants = T.errors.noColours;
  const colours = new Set<string>();
  const skus = new Set<string>();
  for (const { id, color, sku } of draft.variants) {
    const name = color.trim();
    if (!name || name.length > 40) errors[`color:${id}`] = T.errors.colour;
    else if (colours.has(name.toLowerCase())) errors[`color:${id}`] = T.errors.colourTwice;
    colours.add(name.toLowerCase());
    const code = sku.trim();
    if (!SKU.test(code) || code.length > 40) errors[`sku:${id}`] = T.errors.sku;
    else if (skus.has(code)) errors[`sku:${id}`] = T.errors.skuTwice;
    skus.add(code);
  }
}

/** The category's own fields: [connectivity, product_type, drawing] as saved. */
function kindOf(
  draft: ProductDraft,
  errors: FieldErrors,
): [string | null, string | null, string | null] {
  const pick = (field: string, value: string, allowed: readonly string[] | null) => {
    if (allowed ? !allowed.includes(value) : !value) errors[field] = T.errors.choose;
    return value || null;
  };
  switch (draft.category) {
    case 'keyboards':
      return [
        pick('connectivity', draft.connectivity, KIND_VALUES.keyboardConnectivity),
        null,
        pick('drawing', draft.drawing, KIND_VALUES.layouts),
      ];
    case 'switches':
      return [null, pick('productType', draft.productType, KIND_VALUES.switchTypes), null];
    case 'accessories':
      return [
        pick('connectivity', draft.connectivity, KIND_VALUES.accessoryConnectivity),
        draft.productType || null,
        pick('drawing', draft.drawing, null),
      ];
  }
}

/** The form checked: its errors by field, or what save_product is given. */
export function checkDraft(
  draft: ProductDraft,
): { ok: true; payload: ProductPayload } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const name = draft.name.trim();
  if (!name || name.length > 120) errors.name = T.errors.name;
  const urlKey = draft.urlKey.trim();
  if (!URL_KEY.test(urlKey) || urlKey.length > 80) errors.urlKey = T.errors.urlKey;
  if (draft.description.length > 4000) errors.description = T.errors.description;
  const price = parsePriceInput(draft.price);
  if (price.ok && price.cents === null) errors.price = T.errors.priceMissing;
  else if (!price.ok || !price.cents) errors.price = T.errors.price;
  const [connectivity, productType, drawing] = kindOf(draft, errors);
  checkVariants(draft, errors);
  const specs = sheetOf(draft.category, draft.sheet);
  Object.assign(errors, checkSheet(draft.category, specs, drawing));
  if (Object.keys(errors).length > 0 || !price.ok || !price.cents) return { ok: false, errors };
  const variants = draft.variants.map((v) => ({ color: v.color.trim(), sku: v.sku.trim() }));
  const chosen = draft.variants.findIndex((v) => v.id === draft.defaultId);
  return {
    ok: true,
    payload: {
      category: draft.category,
      url_key: urlKey,
      name,
      description: draft.description,
      price_cents: price.cents,
      selected_color: variants[Math.max(chosen, 0)]!.color,
      connectivity,
      product_type: productType,
      drawing,
      specs,
      variants,
    },
  };
}
