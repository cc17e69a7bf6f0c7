import type { AccessorySpecs, KeyboardSpecs, SwitchSpecs } from './specs/types.ts';

/** The three catalogues of the shop. Ids overlap between them, so a product is keyed by category and id. */
export type Category = 'keyboards' | 'switches' | 'accessories';

/** A product's key, unique across the whole catalogue: `${category}:${id}`, e.g. "switches:205". */
export type ProductKey = `${Category}:${number}`;

export type KeyboardConnectivity = 'Wired' | 'Wireless';
export type SwitchType = 'Tactile' | 'Linear' | 'Clicky';
export type AccessoryConnectivity = 'Physical' | 'Wired' | 'USB' | 'User choice';
export type AccessoryType = 'Storage' | 'Comfort' | 'Cleaning' | 'Testing' | 'Connectivity';

/** How a keyboard is drawn: its physical layout. */
export type KeyboardLayout = 'full' | 'tkl' | 'compact' | 'ergonomic';

/** Which drawing stands for an accessory. */
export type AccessoryArtKind =
  | 'cleaner-kit'
  | 'headset-stand'
  | 'wrist-rest'
  | 'case'
  | 'switch-puller'
  | 'keycap-puller'
  | 'switch-tester'
  | 'cable'
  | 'mousepad'
  | 'mouse'
  | 'headset'
  | 'monitor'
  | 'keyboard-stand'
  | 'monitor-stand'
  | 'cable-clip'
  | 'cable-sleeve'
  | 'cable-box'
  | 'cable-tray';

/** Where a product stands: being prepared (staff only), in the shop, or gone from it. */
export type ProductStatus = 'draft' | 'published' | 'archived';

/** One colour of a product, with its stock-keeping unit. Stock is kept per variant. */
export interface Variant {
  color: string;
  sku: string;
}

/** A photo of a product in the shop's photo bucket, with its size and the version of its file. */
export interface Photo {
  /** The object's path in the product-photos bucket. */
  path: string;
  alt: string;
  width: number;
  height: number;
  /** Changes when the file is replaced: image URLs carry it, so they can be cached for good. */
  version: string | null;
}

interface ProductBase {
  category: Category;
  id: number;
  key: ProductKey;
  /** The product's address ("mechanical-keyboard-pro"): kept when it is renamed. */
  urlKey: string;
  /** Unique across the whole catalogue. */
  name: string;
  description: string;
  /** Dollars, as docs/product.md gives them; use priceCents for arithmetic. */
  price: number;
  priceCents: number;
  /** The variants' colours, in the shop's order. */
  availableColors: readonly string[];
  variants: readonly Variant[];
  /** In the shop's order; none means the product is shown by its drawing. */
  photos: readonly Photo[];
  selectedColor: string;
  /** Seed ratings, 1 to 5. */
  reviews: readonly number[];
  status: ProductStatus;
}

export interface Keyboard extends ProductBase {
  category: 'keyboards';
  connectivity: KeyboardConnectivity;
  layout: KeyboardLayout;
  specs: KeyboardSpecs;
}

export interface Switch extends ProductBase {
  category: 'switches';
  type: SwitchType;
  specs: SwitchSpecs;
}

export interface Accessory extends ProductBase {
  category: 'accessories';
  connectivity: AccessoryConnectivity;
  type?: AccessoryType;
  art: AccessoryArtKind;
  specs: AccessorySpecs;
}

export type Product = Keyboard | Switch | Accessory;
