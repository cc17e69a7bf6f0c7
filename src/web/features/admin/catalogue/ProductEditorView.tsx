import { useEffect, useRef, useState } from 'react';
import { useHashSearch } from '../../../lib/hash-location.ts';
import type { ProductRow } from './api.ts';
import { PRODUCTS_PATH } from './paths.ts';
import { AvailabilitySection } from './AvailabilitySection.tsx';
import { afterPhotoChange } from './photos.ts';
import { PhotosLater, PhotosSection } from './PhotosSection.tsx';
import { ProductForm } from './ProductForm.tsx';
import { ProductHistory } from './ProductHistory.tsx';
import { StatusActions } from './StatusActions.tsx';
import { PRODUCT_TEXT as T } from './texts.ts';
import { useProduct } from './use-product.ts';
import './products.css';

/** `#/admin/products/new` (key null) or `#/admin/products/{key}`: the editor of one product. */
export function ProductEditorView({ productKey }: { productKey: string | null }) {
  // The list's filters travel with its links, so "Back to products" returns to the list as it was.
  const search = useHashSearch();
  return (
    <>
      <p className="admin-back">
        <a href={`#${PRODUCTS_PATH}${search ? '?' + search : ''}`}>{T.backToList}</a>
      </p>
      {productKey === null ? (
        <>
          <h1 tabIndex={-1}>{T.newTitle}</h1>
          <ProductForm row={null} onSaved={() => undefined} />
          <PhotosLater />
        </>
      ) : (
        <EditProduct productKey={productKey} />
      )}
    </>
  );
}

function EditProduct({ productKey }: { productKey: string }) {
  const { status, row, setRow, retry } = useProduct(productKey);
  // Moves after every save on the page, so the history is read again.
  const [version, setVersion] = useState(0);
  const saved = (next: ProductRow) => {
    setRow(next);
    setVersion((n) => n + 1);
  };
  // Photo changes end after awaits: they start from the product as it is then, not as it was.
  const current = useRef(row);
  useEffect(() => {
    current.current = row;
  }, [row]);
  const photosChanged = (fresh: ProductRow) => {
    if (current.current) setRow(afterPhotoChange(current.current, fresh));
    setVersion((n) => n + 1);
  };

  return (
    <>
      <h1 tabIndex={-1}>{T.editTitle(row?.name ?? productKey)}</h1>
      {status === 'loading' ? (
        <p role="status">{T.productLoading}</p>
      ) : status === 'missing' ? (
        <p role="alert">{T.productNotFound(productKey)}</p>
      ) : status === 'failed' || !row ? (
        <div className="admin-failed">
          <p role="alert">{T.productFailed}</p>
          <button className="button" type="button" onClick={retry}>
            {T.retry}
          </button>
        </div>
      ) : (
        <>
          <StatusActions row={row} onSaved={saved} />
          <ProductForm row={row} onSaved={saved} />
          <PhotosSection row={row} onChanged={photosChanged} />
          <AvailabilitySection productKey={row.key} />
          <ProductHistory productKey={row.key} version={version} />
        </>
      )}
    </>
  );
}
