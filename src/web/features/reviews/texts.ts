import type { Category } from '../../../catalogue/index.ts';

// Every user-facing text of the reviews feature, in one place. "No reviews yet", the bad-rating
// alert and the purchase sentences are docs/product.md's (Reviews), word for word.
const ITEM_NAME: Record<Category, string> = {
  keyboards: 'keyboard',
  switches: 'switch',
  accessories: 'accessory',
};

export const reviewsText = {
  title: 'Reviews',
  noReviewsYet: 'No reviews yet',
  summary: (average: string, count: number) =>
    `${average} out of 5 (${count} ${count === 1 ? 'review' : 'reviews'})`,
  ratingLabel: 'Your rating',
  ratingHint: 'From 1 to 5, in steps of 0.1',
  submit: 'Submit Rating',
  submitting: 'Saving…',
  badRating: 'Please enter a rating between 1 and 5',
  mustPurchase: (category: Category) =>
    `You must purchase this ${ITEM_NAME[category]} to leave a review`,
  saved: (rating: string) => `Thanks! Your rating of ${rating} is saved.`,
  saveFailed: (message: string) => `Could not save your rating: ${message}`,
  /** Console prefixes: these failures are only logged (docs/product.md, Only logged). */
  logPermission: 'Could not check your orders for review permission:',
  logOwnRating: 'Could not load your earlier rating:',
} as const;
