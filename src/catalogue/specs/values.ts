import type { SwitchType } from '../types.ts';
import type { KeyboardLink, KeyboardSize } from './types.ts';

// The values a sheet may hold, in display order (docs/product.md, Specifications and compare). The
// filters offer those some product has (filters.ts): no board is 60% or 75% today.
export const KEYBOARD_SIZES: readonly KeyboardSize[] = [
  '60%',
  '65%',
  '75%',
  'TKL',
  'Full',
  'Split',
];
/** Hot-swap sockets; null (soldered) is offered as its own choice by whoever needs it. */
export const HOT_SWAP_SOCKETS = ['3-pin', '5-pin'] as const;
export const KEYBOARD_LINKS: readonly KeyboardLink[] = ['Wired', '2.4 GHz', 'Bluetooth'];
export const SWITCH_TYPES: readonly SwitchType[] = ['Linear', 'Tactile', 'Clicky'];
