import { useState } from 'react';
import type { Product } from '../../../catalogue/index.ts';
import { ProductImage } from '../../components/product-image/index.ts';
import { dialogText } from './texts.ts';

/**
 * How wide the dialog's photo is (browse.css, components/dialog.css): the dialog is the viewport
 * less 2rem, 56rem at most; below 48rem the photo is its whole width less the 1.5rem paddings, from
 * 48rem it is the first of two columns (1.1fr and 1fr, 1.5rem apart) inside 2rem paddings.
 * Checked against the laid-out widths from 320 to 1400 px: never under, at most 36 px over (the
 * dialog's own scrollbar among them).
 */
export const DIALOG_SIZES =
  '(min-width: 58rem) 26.5rem, (min-width: 48rem) calc(52.4vw - 3.9rem), calc(100vw - 5rem)';

/** A thumbnail is 4rem wide (browse.css). */
const THUMB_SIZES = '4rem';

interface ProductPhotosProps {
  product: Product;
  /** The colour chosen in the dialog: the drawing follows it when the product has no photo. */
  color: string;
}

/**
 * The dialog's picture: the product's photos, the first large and all of them as a row of toggle
 * buttons below that show one large (Tab to reach them, Enter or Space to choose, each named by its
 * photo's alt text), or its drawing when it has none.
 */
export function ProductPhotos({ product, color }: ProductPhotosProps) {
  const [shown, setShown] = useState(0);
  const { photos } = product;
  // The catalogue may be read again while the dialog is open, with fewer photos.
  const large = photos[shown] ?? photos[0];
  return (
    <div className="product-dialog__pictures">
      <div className="product-dialog__art">
        <ProductImage product={product} color={color} photo={large} sizes={DIALOG_SIZES} priority />
      </div>
      {photos.length > 1 && (
        <div role="group" aria-label={dialogText.photos} className="product-dialog__thumbs">
          {photos.map((photo, index) => (
            <button
              key={photo.path}
              type="button"
              className="product-dialog__thumb"
              aria-pressed={photo === large}
              onClick={() => setShown(index)}
            >
              <ProductImage product={product} color={color} photo={photo} sizes={THUMB_SIZES} />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
