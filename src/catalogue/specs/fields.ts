import type { Category, Product } from '../types.ts';
import { dimensions, hotSwapLabel, millimetres, withUnit, yesNo } from './format.ts';
import type {
  AccessorySpecs,
  KeyboardSpecs,
  ProductSpecs,
  SpecsFor,
  SwitchSpecs,
} from './types.ts';

/** Where a sheet's references to other products (the switch fitted) find their names. */
export interface SpecNames {
  byKey(key: string): Pick<Product, 'name'> | undefined;
}

/** One row of a spec sheet: a label and how to show the value (null when the product has none). */
export interface SpecField<S extends ProductSpecs = ProductSpecs> {
  id: string;
  label: string;
  format: (specs: S, names: SpecNames) => string | null;
}

export interface SpecRow {
  id: string;
  label: string;
  value: string | null;
}

const optional =
  <T>(pick: (s: AccessorySpecs) => T | undefined, show: (value: T) => string) =>
  (s: AccessorySpecs) => {
    const value = pick(s);
    return value === undefined ? null : show(value);
  };

const keyboardFields: readonly SpecField<KeyboardSpecs>[] = [
  { id: 'size', label: 'Size', format: (s) => s.size },
  { id: 'hotSwap', label: 'Switch sockets', format: (s) => hotSwapLabel(s.hotSwap) },
  {
    id: 'switchesFitted',
    label: 'Switches fitted',
    format: (s, names) => names.byKey(s.switchesFitted)?.name ?? null,
  },
  { id: 'keycapMaterial', label: 'Keycap material', format: (s) => s.keycapMaterial },
  { id: 'keycapProfile', label: 'Keycap profile', format: (s) => s.keycapProfile },
  { id: 'caseMaterial', label: 'Case material', format: (s) => s.caseMaterial },
  { id: 'mount', label: 'Mount', format: (s) => s.mount },
  { id: 'connectivity', label: 'Connectivity', format: (s) => s.connectivity.join(', ') },
  { id: 'pollingRateHz', label: 'Polling rate', format: (s) => withUnit(s.pollingRateHz, 'Hz') },
  {
    id: 'batteryMah',
    label: 'Battery',
    format: (s) => (s.batteryMah === null ? null : withUnit(s.batteryMah, 'mAh')),
  },
  { id: 'weightG', label: 'Weight', format: (s) => withUnit(s.weightG, 'g') },
];

const switchFields: readonly SpecField<SwitchSpecs>[] = [
  { id: 'type', label: 'Type', format: (s) => s.type },
  {
    id: 'actuationForceGf',
    label: 'Actuation force',
    format: (s) => withUnit(s.actuationForceGf, 'gf'),
  },
  {
    id: 'bottomOutForceGf',
    label: 'Bottom-out force',
    format: (s) => withUnit(s.bottomOutForceGf, 'gf'),
  },
  { id: 'preTravelMm', label: 'Pre-travel', format: (s) => millimetres(s.preTravelMm) },
  { id: 'totalTravelMm', label: 'Total travel', format: (s) => millimetres(s.totalTravelMm) },
  { id: 'pins', label: 'Pins', format: (s) => `${s.pins}-pin` },
  { id: 'stemMaterial', label: 'Stem material', format: (s) => s.stemMaterial },
  { id: 'housingMaterial', label: 'Housing material', format: (s) => s.housingMaterial },
  { id: 'factoryLubed', label: 'Factory lubed', format: (s) => yesNo(s.factoryLubed) },
  { id: 'sound', label: 'Sound', format: (s) => s.sound },
];

const accessoryFields: readonly SpecField<AccessorySpecs>[] = [
  { id: 'material', label: 'Material', format: (s) => s.material },
  {
    id: 'dimensionsMm',
    label: 'Dimensions (L × W × H)',
    format: optional((s) => s.dimensionsMm, dimensions),
  },
  {
    id: 'lengthM',
    label: 'Length',
    format: optional(
      (s) => s.lengthM,
      (v) => withUnit(v, 'm'),
    ),
  },
  { id: 'connector', label: 'Connector', format: optional((s) => s.connector, String) },
  {
    id: 'screenSizeIn',
    label: 'Screen size',
    format: optional(
      (s) => s.screenSizeIn,
      (v) => `${v} in`,
    ),
  },
  { id: 'resolution', label: 'Resolution', format: optional((s) => s.resolution, String) },
  {
    id: 'refreshRateHz',
    label: 'Refresh rate',
    format: optional(
      (s) => s.refreshRateHz,
      (v) => withUnit(v, 'Hz'),
    ),
  },
  {
    id: 'sensorDpi',
    label: 'Sensor resolution',
    format: optional(
      (s) => s.sensorDpi,
      (v) => withUnit(v, 'DPI'),
    ),
  },
  { id: 'buttons', label: 'Buttons', format: optional((s) => s.buttons, String) },
  {
    id: 'driverMm',
    label: 'Driver size',
    format: optional(
      (s) => s.driverMm,
      (v) => withUnit(v, 'mm'),
    ),
  },
  {
    id: 'switchCount',
    label: 'Switches on the tester',
    format: optional((s) => s.switchCount, String),
  },
  { id: 'packCount', label: 'Pieces in the pack', format: optional((s) => s.packCount, String) },
  { id: 'contents', label: 'Contents', format: optional((s) => s.contents, String) },
  { id: 'fits', label: 'Fits', format: optional((s) => s.fits, String) },
  {
    id: 'maxLoadKg',
    label: 'Maximum load',
    format: optional(
      (s) => s.maxLoadKg,
      (v) => withUnit(v, 'kg'),
    ),
  },
  { id: 'weightG', label: 'Weight', format: (s) => withUnit(s.weightG, 'g') },
];

/** Each category's spec fields, in the order the table and the compare page show them. */
export const SPEC_FIELDS: { readonly [C in Category]: readonly SpecField<SpecsFor<C>>[] } = {
  keyboards: keyboardFields,
  switches: switchFields,
  accessories: accessoryFields,
};

/** Every field of the sheet's category, formatted; value null where this product gives none. */
export function allSpecRows(specs: ProductSpecs, names: SpecNames): SpecRow[] {
  const fields = SPEC_FIELDS[specs.category] as readonly SpecField[];
  return fields.map(({ id, label, format }) => ({ id, label, value: format(specs, names) }));
}

/** The rows a product's own table shows: those with a value. */
export function specRows(specs: ProductSpecs, names: SpecNames): SpecRow[] {
  return allSpecRows(specs, names).filter((row) => row.value !== null);
}
