import { useId, type ReactNode } from 'react';
import type { Product } from '../../../catalogue/index.ts';
import type { SpecNames } from '../../../catalogue/specs/index.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { ProductDetails } from './ProductDetails.tsx';
import { productPath } from '../../../contracts/shop-paths.ts';
import { dialogText, pageText } from './texts.ts';

export interface ProductDialogProps {
  product: Product;
  /** Where the spec table finds the names of the products a sheet refers to: the catalogue. */
  names: SpecNames;
  onClose: () => void;
  /** The reviews section under the details; web/app fills it from the reviews feature. */
  reviews?: ReactNode;
}

/** A product's details: mounted to open, unmounted to close (focus then returns to its card). */
export function ProductDialog({ product, names, onClose, reviews }: ProductDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      labelledBy={titleId}
      onClose={onClose}
      closeLabel={dialogText.close}
      className="product-dialog"
    >
      <ProductDetails
        product={product}
        names={names}
        titleId={titleId}
        titleLevel="h2"
        onAdded={onClose}
        footer={
          <p className="product-dialog__page">
            <a
              href={productPath(product.urlKey)}
              aria-label={pageText.productPageLabel(product.name)}
            >
              {pageText.productPage}
            </a>
          </p>
        }
      />
      {reviews}
    </Dialog>
  );
}
