import type { Product } from '../../catalogue/index.ts';
import { ListPage } from '../features/browse/index.ts';
import { ProductReviews } from '../features/reviews/index.ts';

// The list pages, with the reviews feature's section in the browse feature's product dialog. The
// router lazy-loads this module, so both features and their CSS stay out of the home chunk.
const reviews = (product: Product) => <ProductReviews product={product} />;

export function KeyboardsPage() {
  return <ListPage category="keyboards" renderReviews={reviews} />;
}

export function SwitchesPage() {
  return <ListPage category="switches" renderReviews={reviews} />;
}

export function AccessoriesPage() {
  return <ListPage category="accessories" renderReviews={reviews} />;
}
