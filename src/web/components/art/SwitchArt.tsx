import { colorHex, edge, shade } from './palette.ts';
import { Svg, type ArtProps } from './Svg.tsx';

interface SwitchArtProps extends ArtProps {
  /** A catalogue colour name: the switch's housing and stem. */
  color: string;
}

// Switches whose look is more than one colour; the rest use their colour for housing and stem.
const SPECIAL: Record<string, { top: string; bottom: string; stem: string }> = {
  joker: { top: '#7b3fc4', bottom: '#2fa85a', stem: '#3fd46e' },
  pumpkin: { top: '#f07f1a', bottom: '#d9650c', stem: '#2f8f3a' },
  blueberry: { top: '#3f43b0', bottom: '#2c2f86', stem: '#a9b4ff' },
};

function switchColors(color: string) {
  const special = SPECIAL[color.trim().toLowerCase()];
  if (special) return special;
  const hex = colorHex(color);
  return { top: hex, bottom: shade(hex, -0.18), stem: shade(hex, 0.08) };
}

/** A mechanical key switch (MX style, seen from the front) with housing and stem in its colour. */
export function SwitchArt({ color, title, ...rest }: SwitchArtProps) {
  const { top, bottom, stem } = switchColors(color);
  // A clear switch shows its spring and stem through the housing.
  const see = color.trim().toLowerCase() === 'clear' ? 0.55 : 1;
  const line = edge(top);
  const part = { stroke: line, strokeWidth: 2, strokeLinejoin: 'round' as const };
  const spring = Array.from({ length: 9 }, (_, i) => `${i % 2 ? 178 : 142},${78 + i * 9}`).join(
    ' ',
  );
  return (
    <Svg viewBox="0 0 320 200" label={title ?? `${color} switch`} {...rest}>
      <rect x="138" y="158" width="6" height="28" rx="2" fill="#c8a24a" />
      <rect x="178" y="158" width="6" height="22" rx="2" fill="#c8a24a" />
      <rect x="153" y="158" width="14" height="16" rx="3" fill={bottom} {...part} />
      <polyline points={spring} fill="none" stroke="#c9ced8" strokeWidth="3" />
      <path d="M146 26h28v46h-28z" fill={stem} {...part} />
      <path d="M142 30h36v8h-36zM156 20h8v24h-8z" fill={shade(stem, 0.25)} {...part} />
      <path d="M100 118h120l-6 44H106z" fill={bottom} fillOpacity={see} {...part} />
      <path d="M108 70h104l12 50H96z" fill={top} fillOpacity={see} {...part} />
      <path d="M122 56h76l10 14H112z" fill={shade(top, 0.2)} fillOpacity={see} {...part} />
      <path d="M146 56h28v14h-28z" fill={stem} {...part} />
      <rect
        x="146"
        y="84"
        width="28"
        height="12"
        rx="2"
        fill={shade(top, -0.45)}
        fillOpacity=".7"
      />
      <path d="M96 120l-6 8 10 0M224 120l6 8-10 0" fill={bottom} {...part} />
    </Svg>
  );
}
