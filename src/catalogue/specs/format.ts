import { formatDecimal } from '../en-us.ts';
import type { DimensionsMm, HotSwap } from './types.ts';

// Values with their units, as the spec table and compare page show them.
const number = (value: number) => formatDecimal(value, 0, 2);

export const withUnit = (value: number, unit: string) => `${number(value)} ${unit}`;
/** Travel in millimetres always shows a decimal: "4.0 mm", like switch makers print it. */
export const millimetres = (value: number) => `${formatDecimal(value, 1, 2)} mm`;
export const dimensions = ({ length, width, height }: DimensionsMm) =>
  `${number(length)} × ${number(width)} × ${number(height)} mm`;
export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
export const hotSwapLabel = (value: HotSwap) =>
  value === null ? 'Soldered' : `Hot-swap, ${value}`;
