// Product art: SVG drawings per product and colour, the logo and the home hero.
// Logo and HeroArt live in their own modules so the main chunk can import them without the rest.
export { Logo } from './logo.tsx';
export { HeroArt } from './hero.tsx';
export { KeyboardArt } from './keyboard.tsx';
export { SwitchArt } from './switch.tsx';
export { AccessoryArt } from './accessory.tsx';
export { ProductArt } from './product.tsx';
export { colorHex } from './palette.ts';
export type { ArtProps } from './svg.tsx';
