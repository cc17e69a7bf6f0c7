import { keyRow, outline, wire, type Drawing } from './accessory-kit.tsx';

// Accessories for the desk around the keyboard: pads, mice, headsets, screens and stands.

export const mousepad: Drawing = (c) => (
  <>
    <path d="M30 156l50-104h210l-50 104z" fill={c.dark} transform="translate(0 8)" />
    <path d="M30 156l50-104h210l-50 104z" fill={c.body} {...outline(c)} />
    <path d="M44 148l42-88h192l-42 88z" fill="none" stroke={c.light} strokeDasharray="5 4" />
    <path
      d="M190 80c16 0 22 12 20 24s-12 22-26 20-20-14-16-26 10-18 22-18z"
      fill={c.light}
      {...outline(c)}
    />
  </>
);

export const mouse: Drawing = (c) => (
  <>
    <path d="M160 20c16 0 20-14 40-18" {...wire(c.dark, 4)} />
    <path
      d="M160 20c50 0 62 50 62 90s-26 74-62 74-62-34-62-74 12-90 62-90z"
      fill={c.body}
      {...outline(c)}
    />
    <path d="M160 20v68M100 86q60 18 120 0" fill="none" stroke={c.line} strokeWidth="2" />
    <rect x="153" y="38" width="14" height="28" rx="7" fill={c.accent} />
    <path d="M132 150q28 12 56 0" {...wire(c.accent, 3)} />
  </>
);

export const headset: Drawing = (c) => (
  <>
    <path d="M92 112c0-96 136-96 136 0" {...wire(c.body, 14)} />
    <path d="M104 104c4-70 108-70 112 0" {...wire(c.dark, 5)} />
    {[70, 206].map((x) => (
      <g key={x}>
        <rect x={x} y="96" width="44" height="72" rx="20" fill={c.body} {...outline(c)} />
        <rect x={x + 14} y="118" width="16" height="28" rx="8" fill={c.accent} />
      </g>
    ))}
    <path d="M84 164q6 26 52 24" {...wire(c.body, 6)} />
    <circle cx="140" cy="188" r="7" fill={c.dark} {...outline(c)} />
  </>
);

export const monitor: Drawing = (c) => (
  <>
    <rect x="148" y="150" width="24" height="28" fill={c.body} {...outline(c)} />
    <rect x="106" y="174" width="108" height="12" rx="6" fill={c.body} {...outline(c)} />
    <rect x="42" y="14" width="236" height="140" rx="8" fill="#161a22" {...outline(c)} />
    <rect x="52" y="24" width="216" height="116" fill="#1d3557" />
    <path d="M52 140l50-56 34 30 52-62 80 88z" fill="#17b8a6" />
    <path d="M52 140l72-38 48 38z" fill="#0f766e" />
    <circle cx="232" cy="52" r="12" fill="#f5c518" />
  </>
);

export const headsetStand: Drawing = (c) => (
  <>
    <path d="M104 112c0-78 112-78 112 0" {...wire(c.accent, 8)} opacity=".55" />
    <rect x="90" y="98" width="30" height="52" rx="13" fill={c.accent} opacity=".55" />
    <rect x="200" y="98" width="30" height="52" rx="13" fill={c.accent} opacity=".55" />
    <ellipse cx="160" cy="180" rx="74" ry="12" fill={c.body} {...outline(c)} />
    <rect x="152" y="56" width="16" height="124" fill={c.body} {...outline(c)} />
    <path d="M124 62q36-26 72 0" {...wire(c.line, 18)} />
    <path d="M124 62q36-26 72 0" {...wire(c.body, 14)} />
  </>
);

export const keyboardStand: Drawing = (c) => (
  <>
    <path d="M86 178l36-112M206 178l24-76" {...wire(c.body, 10)} />
    <rect x="60" y="172" width="200" height="12" rx="6" fill={c.body} {...outline(c)} />
    <g transform="rotate(-18 160 110)">
      <rect x="60" y="80" width="200" height="68" rx="8" fill="#3a404c" stroke="#8a93a3" />
      {[0, 1, 2, 3].map((r) => (
        <g key={r}>{keyRow(70, 87 + r * 15, 12, 12, '#dde1e8')}</g>
      ))}
    </g>
    <path d="M64 168l144-46" {...wire(c.body, 8)} />
  </>
);

export const monitorStand: Drawing = (c) => (
  <>
    <rect x="152" y="88" width="16" height="20" fill="#2b303b" />
    <rect x="120" y="104" width="80" height="8" rx="3" fill="#2b303b" />
    <rect x="88" y="14" width="144" height="78" rx="6" fill="#161a22" stroke="#8a93a3" />
    <rect x="96" y="22" width="128" height="62" fill="#1d3557" />
    <rect x="36" y="112" width="248" height="16" rx="4" fill={c.body} {...outline(c)} />
    <rect x="48" y="128" width="16" height="54" fill={c.body} {...outline(c)} />
    <rect x="256" y="128" width="16" height="54" fill={c.body} {...outline(c)} />
    <rect x="86" y="156" width="148" height="26" rx="5" fill="#3a404c" stroke="#8a93a3" />
    {keyRow(92, 162, 11, 10, '#dde1e8')}
  </>
);

export const wristRest: Drawing = (c) => (
  <>
    <rect x="34" y="22" width="252" height="62" rx="8" fill="#3a404c" stroke="#8a93a3" />
    {[0, 1, 2].map((r) => (
      <g key={r}>{keyRow(44, 30 + r * 17, 15, 12.5, '#dde1e8')}</g>
    ))}
    <rect x="30" y="110" width="260" height="54" rx="27" fill={c.dark} />
    <rect x="30" y="98" width="260" height="54" rx="27" fill={c.body} {...outline(c)} />
    <rect x="54" y="106" width="212" height="10" rx="5" fill={c.light} opacity=".45" />
  </>
);
