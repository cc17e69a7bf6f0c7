import type { DimensionsMm, HotSwap } from './types.ts';

// Values with their units, as the spec table and compare page show them.
const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const oneDecimal = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 2,
});

export const withUnit = (value: number, unit: string) => `${number.format(value)} ${unit}`;
/** Travel in millimetres always shows a decimal: "4.0 mm", like switch makers print it. */
export const millimetres = (value: number) => `${oneDecimal.format(value)} mm`;
export const dimensions = ({ length, width, height }: DimensionsMm) =>
  `${number.format(length)} × ${number.format(width)} × ${number.format(height)} mm`;
export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
export const hotSwapLabel = (value: HotSwap) =>
  value === null ? 'Soldered' : `Hot-swap, ${value}`;
