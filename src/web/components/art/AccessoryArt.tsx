import type { AccessoryArtKind } from '../../../catalogue/index.ts';
import { accessoryColors, type Drawing } from './accessory-kit.tsx';
import * as desk from './accessory-desk.tsx';
import * as tools from './accessory-tools.tsx';
import { Logo } from './Logo.tsx';
import { Svg, type ArtProps } from './Svg.tsx';

const DRAWINGS: Record<AccessoryArtKind, Drawing> = {
  'cleaner-kit': tools.cleanerKit,
  'headset-stand': desk.headsetStand,
  'wrist-rest': desk.wristRest,
  case: tools.carryCase,
  'switch-puller': tools.switchPuller,
  'keycap-puller': tools.keycapPuller,
  'switch-tester': tools.switchTester,
  cable: tools.cable,
  mousepad: desk.mousepad,
  mouse: desk.mouse,
  headset: desk.headset,
  monitor: desk.monitor,
  'keyboard-stand': desk.keyboardStand,
  'monitor-stand': desk.monitorStand,
  'cable-clip': tools.cableClip,
  'cable-sleeve': tools.cableSleeve,
  'cable-box': tools.cableBox,
  'cable-tray': tools.cableTray,
};

/** Whether there is a drawing for this kind of accessory. */
export function hasAccessoryDrawing(kind: string): kind is AccessoryArtKind {
  return Object.hasOwn(DRAWINGS, kind);
}

interface AccessoryArtProps extends ArtProps {
  kind: AccessoryArtKind;
  /** A catalogue colour name ("Standard" is a neutral graphite). */
  color: string;
}

/** One recognizable drawing per kind of accessory, in the product's colour; the logo for an unknown kind. */
export function AccessoryArt({ kind, color, title, ...rest }: AccessoryArtProps) {
  const label = title ?? `${kind.replace('-', ' ')} in ${color}`;
  if (!hasAccessoryDrawing(kind)) return <Logo title={label} {...rest} />;
  return (
    <Svg viewBox="0 0 320 200" label={label} {...rest}>
      {DRAWINGS[kind](accessoryColors(color))}
    </Svg>
  );
}
