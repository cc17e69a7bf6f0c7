import type { Category } from '../../catalogue/types.ts';
import { ListHeader } from '../components/page-frame/list-header.tsx';
import { EmptyCart, emptyCartText } from '../features/cart/index.ts';
import { shellText } from './texts.ts';
import { hasStoredCart } from './use-cart-badge-count.ts';

// What a page shows from the first chunk while its own chunk loads (ADR 0037). A list page's frame
// is its heading and lead, drawn where the page draws them; the cart's, on a device that stores no
// cart, is the whole empty cart. The first paint then holds the page's largest text instead of a
// loading line, and nothing moves when the page replaces its frame. RoutePage (App.tsx) marks a
// frame with data-page-frame: focus waits for the page's own heading (use-route-change.ts).

/** The loading line of a page with no frame. */
export function PageLoading() {
  return (
    <div className="page container page-loading" role="status">
      {shellText.loading}
    </div>
  );
}

/** A list page's heading and lead, then the loading line where its controls will be. */
export function listFrame(category: Category) {
  return function ListFrame() {
    return (
      <div className="page container list-page">
        <ListHeader category={category} />
        <p className="page-loading" role="status">
          {shellText.loading}
        </p>
      </div>
    );
  };
}

/**
 * The empty cart when this device stores none. A stored cart needs the catalogue to show: its
 * title and the loading line, as the page draws them until the catalogue is read.
 */
export function CartFrame() {
  if (!hasStoredCart()) return <EmptyCart />;
  return (
    <div className="page container cart-page">
      <h1>{emptyCartText.title}</h1>
      <p className="page-loading" role="status">
        {shellText.loading}
      </p>
    </div>
  );
}
