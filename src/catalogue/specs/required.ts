import type { AccessoryRequired } from './types.ts';

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
