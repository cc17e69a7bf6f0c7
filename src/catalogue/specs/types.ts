import type { AccessoryArtKind, SwitchType } from '../types.ts';

// The shop's own specification sheets (docs/product.md, Specifications and compare). Units are in
// the field names (gf, mm, g, m, Hz, mAh); fields.ts turns each into a labelled, formatted row.

export type KeyboardSize = '60%' | '65%' | '75%' | 'TKL' | 'Full' | 'Split';
/** The socket a hot-swap board takes; null means the switches are soldered. */
export type HotSwap = '3-pin' | '5-pin' | null;
export type KeyboardLink = 'Wired' | '2.4 GHz' | 'Bluetooth';
export type KeycapMaterial = 'ABS' | 'PBT' | 'Double-shot PBT' | 'Double-shot ABS';
export type KeycapProfile = 'Cherry' | 'OEM' | 'SA' | 'XDA';
export type CaseMaterial = 'ABS plastic' | 'Polycarbonate' | 'Aluminium' | 'Steel-reinforced ABS';
export type Mount = 'Tray' | 'Top' | 'Gasket' | 'Plate';

export interface KeyboardSpecs {
  category: 'keyboards';
  size: KeyboardSize;
  hotSwap: HotSwap;
  /** The switch fitted at the factory: one of our switches, by key. */
  switchesFitted: `switches:${number}`;
  keycapMaterial: KeycapMaterial;
  keycapProfile: KeycapProfile;
  caseMaterial: CaseMaterial;
  mount: Mount;
  /** Wired boards are ['Wired']; wireless ones list their radios. */
  connectivity: readonly KeyboardLink[];
  pollingRateHz: number;
  /** Wireless boards only; null for wired ones. */
  batteryMah: number | null;
  weightG: number;
}

export type SwitchPins = 3 | 5;
export type SwitchSound = 'Click' | 'Clack' | 'Thock' | 'Muted' | 'Crisp' | 'Soft';

export interface SwitchSpecs {
  category: 'switches';
  /** The catalogue's own type (Switch.type), repeated here so a spec sheet is complete. */
  type: SwitchType;
  actuationForceGf: number;
  bottomOutForceGf: number;
  preTravelMm: number;
  totalTravelMm: number;
  pins: SwitchPins;
  stemMaterial: string;
  housingMaterial: string;
  factoryLubed: boolean;
  sound: SwitchSound;
}

export interface DimensionsMm {
  length: number;
  width: number;
  height: number;
}

/** Accessories differ by kind: every one has these, and its kind's own (see REQUIRED_BY_ART). */
export interface AccessorySpecs {
  category: 'accessories';
  material: string;
  weightG: number;
  dimensionsMm?: DimensionsMm;
  lengthM?: number;
  connector?: string;
  contents?: string;
  fits?: string;
  packCount?: number;
  switchCount?: number;
  sensorDpi?: number;
  buttons?: number;
  driverMm?: number;
  screenSizeIn?: number;
  resolution?: string;
  refreshRateHz?: number;
  maxLoadKg?: number;
}

export type ProductSpecs = KeyboardSpecs | SwitchSpecs | AccessorySpecs;

/** A category's spec sheet type, e.g. SpecsFor<'switches'> = SwitchSpecs. */
export type SpecsFor<C extends ProductSpecs['category']> = Extract<ProductSpecs, { category: C }>;

/** What the data files hold: the category is added by the index. */
export type SpecData<S extends ProductSpecs> = Omit<S, 'category'>;
/** Switch sheets take their type from the catalogue, so it is never written twice. */
export type SwitchSpecData = Omit<SwitchSpecs, 'category' | 'type'>;

/** The fields each kind of accessory must give, besides material and weight. */
export type AccessoryRequired = Partial<
  Record<AccessoryArtKind, readonly (keyof AccessorySpecs)[]>
>;
