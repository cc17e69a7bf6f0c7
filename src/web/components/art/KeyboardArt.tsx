import type { KeyboardLayout } from '../../../catalogue/index.ts';
import { boardLayout, splitHalf, type Block, type Key } from './keyboard-layouts.ts';
import { colorHex, edge, lightness, shade } from './palette.ts';
import { Svg, type ArtProps } from './Svg.tsx';

interface KeyboardArtProps extends ArtProps {
  layout: KeyboardLayout;
  /** A catalogue colour name: the case colour, from which the keycaps are shaded. */
  color: string;
}

/** Case and keycap colours derived from the board's colour: two-tone caps and an accent. */
function keyboardColors(color: string) {
  const body = colorHex(color);
  const l = lightness(body);
  const dark = l < 0.3;
  const white = l > 0.85;
  return {
    body,
    lip: shade(body, -0.35),
    outline: edge(body),
    alpha: dark ? shade(body, 0.1) : white ? '#fbfbfd' : shade(body, 0.72),
    mod: dark ? shade(body, 0.22) : white ? shade(body, -0.12) : shade(body, -0.12),
    accent: dark || white ? '#17b8a6' : shade(body, -0.4),
  };
}

type Colors = ReturnType<typeof keyboardColors>;

/** A rounded rectangle as path commands, so many keycaps can share one path element. */
function roundedRect(x: number, y: number, w: number, h: number, r: number): string {
  const n = (v: number) => Math.round(v * 100) / 100;
  const a = `a${n(r)} ${n(r)} 0 0 1`;
  return (
    `M${n(x + r)} ${n(y)}h${n(w - 2 * r)}${a} ${n(r)} ${n(r)}v${n(h - 2 * r)}${a} ${n(-r)} ${n(r)}` +
    `h${n(-(w - 2 * r))}${a} ${n(-r)} ${n(-r)}v${n(-(h - 2 * r))}${a} ${n(r)} ${n(-r)}z`
  );
}

type KeycapPaths = [kind: Key['kind'], count: number, sides: string, tops: string][];

/** Keycap geometry per block and key unit: the same for every colour, so computed once. */
const keycapCache = new WeakMap<Block, Map<number, KeycapPaths>>();

function keycapPaths(block: Block, u: number): KeycapPaths {
  const byUnit = keycapCache.get(block) ?? new Map<number, KeycapPaths>();
  keycapCache.set(block, byUnit);
  const cached = byUnit.get(u);
  if (cached) return cached;
  const gap = u * 0.08;
  const paths = new Map<Key['kind'], { sides: string[]; tops: string[] }>();
  for (const k of block.keys) {
    const x = k.x * u + gap / 2;
    const y = k.y * u + gap / 2;
    const w = k.w * u - gap;
    const h = k.h * u - gap;
    const kind = paths.get(k.kind) ?? { sides: [], tops: [] };
    kind.sides.push(roundedRect(x, y, w, h, u * 0.14));
    kind.tops.push(roundedRect(x + u * 0.1, y + u * 0.05, w - u * 0.2, h - u * 0.24, u * 0.1));
    paths.set(k.kind, kind);
  }
  const result: KeycapPaths = [...paths].map(([kind, { sides, tops }]) => [
    kind,
    sides.length,
    sides.join(''),
    tops.join(''),
  ]);
  byUnit.set(u, result);
  return result;
}

/**
 * The keycaps: for each kind of key (alpha, modifier, accent), one path of the caps' sides and one
 * of their tops. A board has up to 104 keys; drawn one element per key, a list of 19 boards was
 * 5,000 SVG elements for the browser to lay out before the page could paint. The paths of a
 * layout are computed once (keycapPaths), not once per card.
 */
function Keycaps({ block, u, colors }: { block: Block; u: number; colors: Colors }) {
  return keycapPaths(block, u).map(([kind, count, sides, tops]) => (
    <g key={kind} data-keys={count}>
      <path d={sides} fill={shade(colors[kind], -0.28)} />
      <path d={tops} fill={colors[kind]} />
    </g>
  ));
}

/** One Block object per layout, so keycapPaths' cache finds it again. */
const blocks = new Map<string, Block>();
function blockOf(layout: KeyboardLayout): Block {
  let block = blocks.get(layout);
  if (!block) {
    block = layout === 'ergonomic' ? splitHalf() : boardLayout(layout);
    blocks.set(layout, block);
  }
  return block;
}

/** A case (with a darker front lip for depth) holding a block of keys, at key unit u. */
function Board({ block, u, colors }: { block: Block; u: number; colors: Colors }) {
  const pad = u * 0.45;
  const w = block.width * u + pad * 2;
  const h = block.height * u + pad * 2;
  return (
    <g>
      <rect y={u * 0.35} width={w} height={h} rx={u * 0.5} fill={colors.lip} />
      <rect
        width={w}
        height={h}
        rx={u * 0.5}
        fill={colors.body}
        stroke={colors.outline}
        strokeWidth="1.5"
      />
      <g transform={`translate(${pad} ${pad})`}>
        <Keycaps block={block} u={u} colors={colors} />
      </g>
    </g>
  );
}

function SplitBoard({ colors }: { colors: Colors }) {
  const half = blockOf('ergonomic');
  const u = 15;
  const width = (half.width + 0.9) * u;
  const height = (half.height + 0.9) * u;
  const palm = (
    <rect
      x={u * 0.6}
      y={(half.height + 1.3) * u}
      width={width - u * 1.2}
      height={u * 1.6}
      rx={u * 0.8}
      fill={colors.mod}
      stroke={colors.outline}
      strokeWidth="1.5"
    />
  );
  const side = (
    <>
      {palm}
      <Board block={half} u={u} colors={colors} />
    </>
  );
  // Each half turns outwards, so the wrists stay straight; the right half is the left one mirrored.
  return (
    <>
      <g transform={`translate(${160 - 6 - width} 40) rotate(-9 ${width} ${height})`}>{side}</g>
      <g transform={`translate(${160 + 6 + width} 40) scale(-1 1) rotate(-9 ${width} ${height})`}>
        {side}
      </g>
    </>
  );
}

/** A keyboard of the given layout, drawn in the given colour. */
export function KeyboardArt({ layout, color, title, ...rest }: KeyboardArtProps) {
  const colors = keyboardColors(color);
  let drawing;
  if (layout === 'ergonomic') {
    drawing = <SplitBoard colors={colors} />;
  } else {
    const block = blockOf(layout);
    // Fit the board into the 320 x 200 frame with a margin, centred.
    const u = Math.min(296 / (block.width + 0.9), 170 / (block.height + 1.25));
    const w = (block.width + 0.9) * u;
    const h = (block.height + 0.9) * u;
    drawing = (
      <g transform={`translate(${(320 - w) / 2} ${(200 - h - u * 0.35) / 2})`}>
        <Board block={block} u={u} colors={colors} />
      </g>
    );
  }
  return (
    <Svg viewBox="0 0 320 200" label={title ?? `${color} keyboard`} {...rest}>
      {drawing}
    </Svg>
  );
}
