import type { Product } from '../../../catalogue/index.ts';
import { AccessoryArt, hasAccessoryDrawing } from './AccessoryArt.tsx';
import { KeyboardArt } from './KeyboardArt.tsx';
import { Logo } from './Logo.tsx';
import type { ArtProps } from './Svg.tsx';
import { SwitchArt } from './SwitchArt.tsx';

interface ProductArtProps extends ArtProps {
  product: Product;
  /** The colour to draw, normally one of the product's availableColors. */
  color: string;
}

/** The picture of a product in a colour: its keyboard, switch or accessory drawing, else the logo. */
export function ProductArt({ product, color, title, ...rest }: ProductArtProps) {
  const label = title ?? `${product.name} in ${color}`;
  const props = { ...rest, color, title: label };
  switch (product.category) {
    case 'keyboards':
      return <KeyboardArt layout={product.layout} {...props} />;
    case 'switches':
      return <SwitchArt {...props} />;
    case 'accessories':
      if (hasAccessoryDrawing(product.art)) return <AccessoryArt kind={product.art} {...props} />;
  }
  return <Logo {...rest} title={label} />;
}
