// Product art: SVG drawings per product and colour, the logo and the home hero.
// Logo and HeroArt live in their own modules so the main chunk can import them without the rest.
export { Logo } from './Logo.tsx';
export { HeroArt } from './HeroArt.tsx';
export { KeyboardArt } from './KeyboardArt.tsx';
export { SwitchArt } from './SwitchArt.tsx';
export { AccessoryArt } from './AccessoryArt.tsx';
export { ProductArt } from './ProductArt.tsx';
export { colorHex } from './palette.ts';
export type { ArtProps } from './Svg.tsx';
