// Colour names of the catalogue as drawing colours, plus the shading the drawings derive from them.

const PALETTE: Record<string, string> = {
  black: '#25282f',
  white: '#eceef2',
  red: '#d7263d',
  blue: '#2f6fe0',
  green: '#2fa85a',
  gray: '#8a909b',
  pink: '#f28cb8',
  teal: '#17b8a6',
  brown: '#8b5a3c',
  yellow: '#f5c518',
  clear: '#dbe7f3',
  dull: '#8c8478',
  gold: '#d4a62a',
  joker: '#7b3fc4',
  pumpkin: '#f07f1a',
  blueberry: '#4b4fc4',
  standard: '#5d6575',
};

/** Used for a colour the palette does not know: a neutral mid grey. */
export const FALLBACK_HEX = '#7c8494';

/** The drawing colour of a catalogue colour name ("Black", "Joker", ...), case-insensitive. */
export function colorHex(name: string): string {
  return PALETTE[name.trim().toLowerCase()] ?? FALLBACK_HEX;
}

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Blends two colours: t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const ca = channels(a);
  const cb = channels(b);
  const out = ca.map((v, i) => Math.round(v + ((cb[i] ?? 0) - v) * t));
  return `#${out.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** Relative lightness 0..1 (perceptual weights, no gamma): enough to pick light or dark shading. */
export function lightness(hex: string): number {
  const [r, g, b] = channels(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

/** Darker (negative) or lighter (positive) version of a colour. */
export function shade(hex: string, amount: number): string {
  return amount < 0 ? mix(hex, '#000000', -amount) : mix(hex, '#ffffff', amount);
}

/** An outline that keeps a shape visible on both the dark and the light page background. */
export function edge(hex: string): string {
  return lightness(hex) < 0.35 ? shade(hex, 0.3) : shade(hex, -0.35);
}
