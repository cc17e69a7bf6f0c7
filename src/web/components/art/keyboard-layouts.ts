import type { KeyboardLayout } from '../../../catalogue/index.ts';

type KeyKind = 'alpha' | 'mod' | 'accent';

/** One key, in key units (1u = one alpha key) from the top left of the board. */
export interface Key {
  x: number;
  y: number;
  w: number;
  h: number;
  kind: KeyKind;
}

/** A set of keys and the size of the area they cover, in key units. */
export interface Block {
  keys: Key[];
  width: number;
  height: number;
}

type KindOf = (row: number, col: number, x: number, w: number) => KeyKind | undefined;

const rep = (n: number, w = 1) => Array.from({ length: n }, () => w);

// Wide keys (shift, enter, ...) and keys right of the main block are modifiers; the space bar is not.
const defaultKind = (x: number, w: number): KeyKind =>
  (w > 1 && w < 6) || x >= 15 ? 'mod' : 'alpha';

/** Lays out rows of key widths left to right; a negative width is a gap of that size. */
function placeRows(keys: Key[], rows: number[][], x0: number, y0: number, kindOf?: KindOf) {
  rows.forEach((widths, r) => {
    let x = x0;
    widths.forEach((w, c) => {
      if (w > 0) {
        const kind = kindOf?.(r, c, x, w) ?? defaultKind(x, w);
        keys.push({ x, y: y0 + r, w, h: 1, kind });
      }
      x += Math.abs(w);
    });
  });
}

// The main block of every one-piece board: numbers to the bottom row, 15u wide.
const MAIN_ROWS = [
  [...rep(13), 2],
  [1.5, ...rep(12), 1.5],
  [1.75, ...rep(11), 2.25],
  [2.25, ...rep(10), 2.75],
  [1.25, 1.25, 1.25, 6.25, 1.25, 1.25, 1.25, 1.25],
];
const enterIsAccent: KindOf = (r, c) => (r === 2 && c === 12 ? 'accent' : undefined);

function withFunctionRowAndNav(keys: Key[]) {
  // Esc, then three groups of four function keys.
  const fRow = [1, -1, ...[0, 1, 2].flatMap((g) => [...(g ? [-0.5] : []), ...rep(4)])];
  placeRows(keys, [fRow], 0, 0, (_r, c) => (c === 0 ? 'accent' : 'mod'));
  placeRows(keys, [rep(3)], 15.25, 0);
  placeRows(keys, [rep(3), rep(3)], 15.25, 1.5);
  for (const [x, y] of [
    [16.25, 4.5],
    [15.25, 5.5],
    [16.25, 5.5],
    [17.25, 5.5],
  ] as const) {
    keys.push({ x, y, w: 1, h: 1, kind: 'mod' });
  }
}

function numpad(keys: Key[], y0: number) {
  for (let r = 0; r < 5; r++) {
    for (let c = 0; c < 4; c++) {
      // The + and Enter keys are two rows tall; 0 is two keys wide.
      if ((c === 3 && (r === 2 || r === 4)) || (r === 4 && c === 1)) continue;
      const tall = c === 3 && (r === 1 || r === 3);
      const kind = c === 3 || r === 0 ? 'mod' : 'alpha';
      keys.push({ x: 18.5 + c, y: y0 + r, w: r === 4 && c === 0 ? 2 : 1, h: tall ? 2 : 1, kind });
    }
  }
}

/** The keys of a one-piece board: full size, tenkeyless, or compact (65%). */
export function boardLayout(layout: Exclude<KeyboardLayout, 'ergonomic'>): Block {
  const keys: Key[] = [];
  if (layout === 'compact') {
    // The 60% block plus a right-hand column and arrow keys.
    const rows = [
      [...rep(13), 2, 1],
      [1.5, ...rep(12), 1.5, 1],
      [1.75, ...rep(11), 2.25, 1],
      [2.25, ...rep(10), 1.75, 1, 1],
      [1.25, 1.25, 1.25, 6.25, ...rep(6)],
    ];
    const arrows: KindOf = (r, c) =>
      (r === 3 && c === 12) || (r === 4 && c > 3) ? 'mod' : undefined;
    placeRows(keys, rows, 0, 0, (r, c, x, w) => enterIsAccent(r, c, x, w) ?? arrows(r, c, x, w));
    return { keys, width: 16, height: 5 };
  }
  withFunctionRowAndNav(keys);
  placeRows(keys, MAIN_ROWS, 0, 1.5, enterIsAccent);
  if (layout === 'full') numpad(keys, 1.5);
  return { keys, width: layout === 'full' ? 22.5 : 18.25, height: 6.5 };
}

/** The keys of the left half of a split board; the right half is drawn mirrored. */
export function splitHalf(): Block {
  const keys: Key[] = [];
  const rows = [
    [1, ...rep(6)],
    [1.5, ...rep(5)],
    [1.75, ...rep(5)],
    [2.25, ...rep(5)],
    [1.25, 1.25, 1.25, 2.75],
  ];
  placeRows(keys, rows, 0, 0, (r, c) => (r === 0 && c === 0 ? 'accent' : undefined));
  return { keys, width: 7.25, height: 5 };
}
