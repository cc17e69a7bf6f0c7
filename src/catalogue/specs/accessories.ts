import type { AccessoryRequired, AccessorySpecs, SpecData } from './types.ts';

/** What each kind of accessory must give besides material and weight (checked by the tests). */
export const REQUIRED_BY_ART: AccessoryRequired = {
  'cleaner-kit': ['contents'],
  'headset-stand': ['dimensionsMm', 'maxLoadKg'],
  'wrist-rest': ['dimensionsMm'],
  case: ['dimensionsMm', 'fits'],
  'switch-puller': ['dimensionsMm'],
  'keycap-puller': ['dimensionsMm'],
  'switch-tester': ['switchCount', 'dimensionsMm'],
  cable: ['lengthM', 'connector'],
  mousepad: ['dimensionsMm'],
  mouse: ['sensorDpi', 'buttons', 'connector', 'lengthM'],
  headset: ['driverMm', 'connector', 'lengthM'],
  monitor: ['screenSizeIn', 'resolution', 'refreshRateHz', 'connector'],
  'keyboard-stand': ['dimensionsMm', 'fits'],
  'monitor-stand': ['dimensionsMm', 'maxLoadKg'],
  'cable-clip': ['packCount', 'fits'],
  'cable-sleeve': ['lengthM', 'fits'],
  'cable-box': ['dimensionsMm', 'fits'],
  'cable-tray': ['dimensionsMm', 'maxLoadKg'],
};

/** Spec sheets of the 19 accessories, by id. */
export const accessorySpecs: Readonly<Record<number, SpecData<AccessorySpecs>>> = {
  200: {
    material: 'Nylon bristles, stainless steel, microfibre',
    weightG: 85,
    contents: 'Two brushes, a wire keycap puller, a microfibre cloth',
  },
  201: {
    material: 'Aluminium with a weighted steel base',
    weightG: 620,
    dimensionsMm: { length: 120, width: 120, height: 270 },
    maxLoadKg: 1,
  },
  202: {
    material: 'Memory foam, Lycra cover, rubber base',
    weightG: 240,
    dimensionsMm: { length: 440, width: 90, height: 22 },
  },
  203: {
    material: 'EVA shell, padded polyester lining',
    weightG: 480,
    dimensionsMm: { length: 480, width: 170, height: 55 },
    fits: 'Full-size, tenkeyless and compact keyboards with their cable',
  },
  204: {
    material: 'Stainless steel',
    weightG: 18,
    dimensionsMm: { length: 110, width: 12, height: 10 },
  },
  205: {
    material: 'Stainless steel wire, ABS handle',
    weightG: 12,
    dimensionsMm: { length: 95, width: 25, height: 10 },
  },
  206: {
    material: 'Acrylic base',
    weightG: 140,
    dimensionsMm: { length: 150, width: 55, height: 35 },
    switchCount: 9,
  },
  208: {
    material: 'Braided nylon over TPE',
    weightG: 75,
    lengthM: 1.8,
    connector: 'USB-C to USB-A',
  },
  209: {
    material: 'Cloth top, natural rubber base',
    weightG: 520,
    dimensionsMm: { length: 900, width: 400, height: 4 },
  },
  210: {
    material: 'ABS plastic',
    weightG: 68,
    sensorDpi: 12000,
    buttons: 6,
    connector: 'USB-A',
    lengthM: 1.8,
  },
  211: {
    material: 'Steel headband, protein-leather ear cushions',
    weightG: 310,
    driverMm: 50,
    connector: '3.5 mm jack',
    lengthM: 2,
  },
  212: {
    material: 'Plastic housing, steel stand',
    weightG: 3200,
    dimensionsMm: { length: 540, width: 180, height: 410 },
    screenSizeIn: 24,
    resolution: '1920 × 1080',
    refreshRateHz: 144,
    connector: 'HDMI, DisplayPort',
  },
  213: {
    material: 'Clear acrylic',
    weightG: 350,
    dimensionsMm: { length: 460, width: 120, height: 90 },
    fits: 'Keyboards up to full size',
  },
  215: {
    material: 'Bamboo top, steel legs',
    weightG: 2100,
    dimensionsMm: { length: 600, width: 240, height: 100 },
    maxLoadKg: 20,
  },
  216: {
    material: 'Silicone with adhesive backing',
    weightG: 30,
    packCount: 10,
    fits: 'Cables up to 7 mm across',
  },
  217: {
    material: 'Neoprene with a zip',
    weightG: 90,
    lengthM: 1,
    fits: 'Up to 6 cables, 40 mm bundle',
  },
  218: {
    material: 'ABS plastic',
    weightG: 850,
    dimensionsMm: { length: 400, width: 155, height: 135 },
    fits: 'A power strip up to 330 mm long',
  },
  219: {
    material: 'Braided PET',
    weightG: 60,
    lengthM: 3,
    fits: 'Bundles from 10 to 25 mm across',
  },
  220: {
    material: 'Powder-coated steel',
    weightG: 1200,
    dimensionsMm: { length: 600, width: 135, height: 105 },
    maxLoadKg: 8,
  },
};
