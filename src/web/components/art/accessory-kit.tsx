import type { ReactElement } from 'react';
import { colorHex, edge, shade } from './palette.ts';

/** The shades an accessory drawing uses, all derived from the product's colour. */
export interface AccessoryColors {
  body: string;
  dark: string;
  light: string;
  line: string;
  accent: string;
  metal: string;
}

export function accessoryColors(color: string): AccessoryColors {
  const body = colorHex(color);
  return {
    body,
    dark: shade(body, -0.4),
    light: shade(body, 0.45),
    line: edge(body),
    accent: '#17b8a6',
    metal: '#b9c1cc',
  };
}

export type Drawing = (c: AccessoryColors) => ReactElement;

/** Stroke props for an outlined shape. */
export const outline = (c: AccessoryColors, width = 2) => ({
  stroke: c.line,
  strokeWidth: width,
  strokeLinejoin: 'round' as const,
});

/** Stroke props for a thick line (a cable, a wire, a band). */
export const wire = (color: string, width: number) => ({
  fill: 'none',
  stroke: color,
  strokeWidth: width,
  strokeLinecap: 'round' as const,
});

/** Several differently coloured cables, for the cable-management drawings. */
export const CABLE_COLORS = ['#9aa3b2', '#2f6fe0', '#d7263d', '#f5c518', '#17b8a6'];

/** A row of keys (a strip of keycaps), used where a drawing needs a keyboard for context. */
export function keyRow(x: number, y: number, n: number, size: number, fill: string) {
  return Array.from({ length: n }, (_, i) => (
    <rect key={i} x={x + i * (size + 3)} y={y} width={size} height={size} rx="2" fill={fill} />
  ));
}
