// Reviews from verified buyers: the dialog's section, and the combined ratings the cards show.
export { ProductReviews } from './ProductReviews.tsx';
export { useCatalogueRatings, useProductRating } from './useRatings.ts';
export { ratingsStore } from './ratingsStore.ts';
export { reviewsText } from './texts.ts';
