import { useId } from 'react';
import { Svg, type ArtProps } from './Svg.tsx';

const U = 34; // one key unit in the drawing
const ROWS = 5;
const COLS = 15;

/** The home hero: a dark keyboard whose keys glow in an RGB sweep. Kept tiny: it ships in the main chunk. */
export function HeroArt({
  title = 'A mechanical keyboard glowing in RGB colours',
  ...rest
}: ArtProps) {
  const id = useId();
  const keys = [];
  for (let r = 0; r < ROWS; r++) {
    for (let c = 0; c < COLS; c++) {
      // The bottom row's middle seven keys become one space bar.
      if (r === ROWS - 1 && c > 4 && c < 11) continue;
      const w = r === ROWS - 1 && c === 4 ? U * 7 - 4 : U - 4;
      const x = 68 + c * U + (r % 2) * 6 - (r === 4 ? 6 : 0);
      const y = 84 + r * U;
      // No per-key transform: the gradient is in user space, so it sweeps across the whole board.
      keys.push(
        <rect
          key={`rim${r}-${c}`}
          x={x}
          y={y}
          width={w}
          height={U - 4}
          rx="5"
          fill={`url(#${id})`}
        />,
        <rect
          key={`cap${r}-${c}`}
          x={x + 2.5}
          y={y + 2}
          width={w - 5}
          height={U - 10}
          rx="4"
          fill="#161b26"
          fillOpacity=".88"
        />,
      );
    }
  }
  return (
    <Svg viewBox="0 0 660 340" label={title} {...rest}>
      <defs>
        <linearGradient id={id} gradientUnits="userSpaceOnUse" x1="60" x2="600" y1="0" y2="160">
          <stop stopColor="#3ee6d8" />
          <stop offset=".35" stopColor="#8b5cf6" />
          <stop offset=".7" stopColor="#ec4899" />
          <stop offset="1" stopColor="#f59e0b" />
        </linearGradient>
        <filter id={`${id}b`} x="-20%" y="-40%" width="140%" height="180%">
          <feGaussianBlur stdDeviation="24" />
        </filter>
      </defs>
      <rect
        x="64"
        y="96"
        width="532"
        height="176"
        rx="40"
        fill={`url(#${id})`}
        filter={`url(#${id}b)`}
        opacity=".9"
      />
      <rect x="52" y="74" width="556" height="200" rx="22" fill="#07090d" />
      <rect
        x="52"
        y="66"
        width="556"
        height="200"
        rx="22"
        fill="#10131a"
        stroke="#2b3242"
        strokeWidth="2"
      />
      {keys}
    </Svg>
  );
}
