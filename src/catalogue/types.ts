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

interface ProductBase {
  category: Category;
  id: number;
  key: ProductKey;
  /** Unique across the whole catalogue. */
  name: string;
  description: string;
  /** Dollars, as docs/product.md gives them; use priceCents for arithmetic. */
  price: number;
  priceCents: number;
  availableColors: readonly string[];
  selectedColor: string;
  /** Seed ratings, 1 to 5. */
  reviews: readonly number[];
}

export interface Keyboard extends ProductBase {
  category: 'keyboards';
  connectivity: KeyboardConnectivity;
  layout: KeyboardLayout;
}

export interface Switch extends ProductBase {
  category: 'switches';
  type: SwitchType;
}

export interface Accessory extends ProductBase {
  category: 'accessories';
  connectivity: AccessoryConnectivity;
  type?: AccessoryType;
  art: AccessoryArtKind;
}

export type Product = Keyboard | Switch | Accessory;
