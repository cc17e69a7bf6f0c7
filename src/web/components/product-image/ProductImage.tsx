import type { Photo, Product } from '../../../catalogue/index.ts';
import { ProductArt } from '../art/ProductArt.tsx';
import { usePageSnapshot } from '../../state/page-snapshot.ts';
import { photoSources, storageUrl } from './photo-urls.ts';
import './product-image.css';

export interface ProductImageProps {
  product: Product;
  /** The colour of the drawing shown when the product has no photo. */
  color: string;
  /** Which of its photos; the first by default. */
  photo?: Photo;
  /** How wide the layout shows it, for the browser's choice in the srcset (an img `sizes`). */
  sizes: string;
  /**
   * The largest thing on screen when the page first paints (the first card, the dialog's photo):
   * fetched at once and ahead of other images. Any other photo waits until it nears the viewport.
   */
  priority?: boolean;
}

/**
 * A product's photo at the size the layout needs, in the format the browser takes best, or its
 * drawing when it has none. The width and height are the photo's, so the browser knows its
 * proportions before a byte arrives; the box around it sets the size (product-image.css).
 */
export function ProductImage({
  product,
  color,
  photo = product.photos[0],
  sizes,
  priority = false,
}: ProductImageProps) {
  const pageStorageUrl = usePageSnapshot().storageUrl;
  if (!photo) return <ProductArt product={product} color={color} />;
  const { srcSet, src } = photoSources(pageStorageUrl ?? storageUrl(), photo);
  return (
    <img
      className="product-image"
      alt={photo.alt}
      width={photo.width}
      height={photo.height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      sizes={sizes}
      srcSet={srcSet}
      src={src}
    />
  );
}
