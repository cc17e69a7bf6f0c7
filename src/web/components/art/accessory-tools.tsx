import { CABLE_COLORS, outline, wire, type Drawing } from './accessory-kit.tsx';

// Tools for working on a keyboard, and the cables and cable management around it.

const STEMS = [
  '#d7263d',
  '#2f6fe0',
  '#8b5a3c',
  '#f5c518',
  '#2fa85a',
  '#7b3fc4',
  '#dbe7f3',
  '#f07f1a',
];

export const switchTester: Drawing = (c) => (
  <>
    <rect x="40" y="62" width="240" height="112" rx="14" fill={c.dark} />
    <rect x="40" y="54" width="240" height="112" rx="14" fill={c.body} {...outline(c)} />
    {STEMS.map((stem, i) => {
      const x = 58 + (i % 4) * 56;
      const y = 68 + Math.floor(i / 4) * 48;
      return (
        <g key={stem} transform={`translate(${x} ${y})`}>
          <rect width="36" height="36" rx="4" fill="#22262e" stroke="#5b6270" />
          <path d="M12 15h12v6H12zM15 8h6v20h-6z" fill={stem} />
        </g>
      );
    })}
  </>
);

export const switchPuller: Drawing = (c) => (
  <>
    <path
      d="M160 26L122 160l12 10M160 26l38 134-12 10"
      {...wire(c.metal, 9)}
      strokeLinejoin="round"
    />
    <path d="M146 64l-10 38M174 64l10 38" {...wire(c.body, 14)} />
    <circle cx="160" cy="26" r="10" fill={c.body} {...outline(c)} />
    <path d="M138 150h44l-4 26h-36z" fill="#7b3fc4" stroke="#4c2680" strokeWidth="2" />
    <rect x="152" y="138" width="16" height="12" fill="#a78bfa" />
  </>
);

export const keycapPuller: Drawing = (c) => (
  <>
    <path
      d="M146 78c-10 30-34 56-30 86l14 0M174 78c10 30 34 56 30 86l-14 0"
      {...wire(c.metal, 5)}
    />
    <path
      d="M122 182l8-38q2-6 8-6h44q6 0 8 6l8 38z"
      fill="#e5e7eb"
      stroke="#8a93a3"
      strokeWidth="2"
    />
    <circle cx="160" cy="50" r="32" {...wire(c.body, 14)} />
    <rect x="144" y="74" width="32" height="14" rx="5" fill={c.body} {...outline(c)} />
  </>
);

export const cleanerKit: Drawing = (c) => (
  <>
    <rect x="150" y="96" width="130" height="82" rx="10" fill={c.accent} opacity=".85" />
    <path d="M150 126q30-14 64 0t66 0" fill="none" stroke="#0f766e" strokeWidth="3" />
    <g transform="rotate(-28 100 100)">
      <rect x="88" y="14" width="24" height="92" rx="10" fill={c.body} {...outline(c)} />
      <rect x="84" y="104" width="32" height="16" rx="3" fill={c.metal} />
      {Array.from({ length: 7 }, (_, i) => (
        <path key={i} d={`M${87 + i * 4.3} 120v34`} {...wire('#f5c518', 3)} />
      ))}
    </g>
    <circle cx="226" cy="48" r="20" {...wire(c.body, 8)} />
    <path d="M214 64l-12 30M238 64l12 30" {...wire(c.metal, 4)} />
  </>
);

export const carryCase: Drawing = (c) => (
  <>
    <path d="M128 58V42q0-8 8-8h48q8 0 8 8v16" {...wire(c.dark, 9)} />
    <rect x="44" y="58" width="232" height="120" rx="28" fill={c.body} {...outline(c)} />
    <rect
      x="54"
      y="68"
      width="212"
      height="100"
      rx="22"
      fill="none"
      stroke={c.dark}
      strokeDasharray="6 5"
      strokeWidth="2"
    />
    <rect x="262" y="82" width="16" height="10" rx="3" fill={c.metal} />
  </>
);

export const cable: Drawing = (c) => (
  <>
    <path d="M66 132q40 6 50-16M206 104q34-20 54-14" {...wire(c.body, 7)} />
    {Array.from({ length: 5 }, (_, i) => (
      <ellipse key={i} cx={124 + i * 18} cy="106" rx="14" ry="32" {...wire(c.body, 7)} />
    ))}
    <rect x="22" y="120" width="44" height="24" rx="4" fill={c.dark} {...outline(c)} />
    <rect x="4" y="124" width="20" height="16" fill={c.metal} />
    <rect x="258" y="80" width="34" height="20" rx="5" fill={c.dark} {...outline(c)} />
    <rect x="290" y="84" width="16" height="12" rx="5" fill={c.metal} />
  </>
);

/** Cables passing behind a piece of cable management, in several colours. */
const cables = (xs: number[], y1: number, y2: number) =>
  xs.map((x, i) => <path key={x} d={`M${x} ${y1}V${y2}`} {...wire(CABLE_COLORS[i % 5]!, 8)} />);

export const cableClip: Drawing = (c) => {
  const xs = [98, 129, 160, 191, 222];
  return (
    <>
      {cables(xs, 20, 186)}
      <rect x="68" y="82" width="184" height="52" rx="14" fill={c.body} {...outline(c)} />
      {xs.map((x, i) => (
        <circle
          key={x}
          cx={x}
          cy="100"
          r="9"
          fill={CABLE_COLORS[i]}
          stroke={c.dark}
          strokeWidth="3"
        />
      ))}
    </>
  );
};

export const cableSleeve: Drawing = (c) => (
  <>
    {[88, 102, 116].map((y, i) => (
      <path
        key={y}
        d={`M42 ${y}q-20 0-30 ${(i - 1) * 30 + 10}M278 ${y}q20 0 30 ${(i - 1) * 30 - 10}`}
        {...wire(CABLE_COLORS[i + 1]!, 6)}
      />
    ))}
    <rect x="40" y="78" width="240" height="48" rx="24" fill={c.body} {...outline(c)} />
    {Array.from({ length: 19 }, (_, i) => (
      <path
        key={i}
        d={`M${54 + i * 12} 80l12 44M${66 + i * 12} 80l-12 44`}
        stroke={c.light}
        strokeOpacity=".4"
      />
    ))}
  </>
);

export const cableBox: Drawing = (c) => (
  <>
    <path d="M52 144q-30 0-36 36M268 144q30 0 34 36" {...wire(CABLE_COLORS[0]!, 7)} />
    <path d="M52 132q-24 0-40-30M268 132q22 0 42-30" {...wire(CABLE_COLORS[1]!, 7)} />
    <rect x="48" y="62" width="224" height="104" rx="18" fill={c.body} {...outline(c)} />
    <path d="M48 86h224" stroke={c.light} strokeWidth="3" />
    <rect x="42" y="122" width="12" height="30" rx="4" fill={c.dark} />
    <rect x="266" y="122" width="12" height="30" rx="4" fill={c.dark} />
    <circle cx="160" cy="128" r="10" fill="none" stroke={c.accent} strokeWidth="4" />
  </>
);

export const cableTray: Drawing = (c) => (
  <>
    <rect x="14" y="22" width="292" height="22" rx="3" fill="#7a5a40" />
    <path d="M60 44v30M260 44v30" {...wire(c.body, 8)} />
    <rect x="80" y="106" width="130" height="20" rx="4" fill="#e5e7eb" stroke="#8a93a3" />
    <path d="M120 126q-10 40 30 56M180 126q20 30 60 40" {...wire(CABLE_COLORS[1]!, 6)} />
    <path d="M44 74v60h232V74" fill="none" stroke={c.body} strokeWidth="6" strokeLinejoin="round" />
    {Array.from({ length: 11 }, (_, i) => (
      <path key={i} d={`M${60 + i * 20} 74v60`} stroke={c.body} strokeWidth="3" />
    ))}
    <path d="M44 104h232" stroke={c.body} strokeWidth="3" />
  </>
);
