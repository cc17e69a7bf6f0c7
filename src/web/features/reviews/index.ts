// Reviews from verified buyers: the dialog's section (web/app puts it in the product dialog). The
// combined ratings the cards show are shared state: src/web/state/use-ratings.ts.
export { ProductReviews } from './ProductReviews.tsx';
