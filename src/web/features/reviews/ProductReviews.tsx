import { useId } from 'react';
import { formatRating, type Product } from '../../../catalogue/index.ts';
import { RatingForm } from './RatingForm.tsx';
import { reviewsText } from './texts.ts';
import { useProductRating } from '../../state/use-ratings.ts';
import { useReviewPermission } from './use-review-permission.ts';
import './reviews.css';

/**
 * The product dialog's reviews: the average of the seed and stored ratings with their count, then
 * the rating form for a verified buyer, or "You must purchase this …" (docs/product.md, Reviews)
 * for anyone else.
 */
export function ProductReviews({ product }: { product: Product }) {
  const headingId = useId();
  const { average, count } = useProductRating(product);
  const permission = useReviewPermission(product);

  return (
    <section aria-labelledby={headingId} className="reviews">
      <h3 id={headingId}>{reviewsText.title}</h3>
      {average === null ? (
        <p className="reviews__empty">{reviewsText.noReviewsYet}</p>
      ) : (
        <p className="reviews__summary">
          <span className="reviews__stars" aria-hidden="true">
            <span className="reviews__stars-fill" style={{ width: `${(average / 5) * 100}%` }} />
          </span>
          {reviewsText.summary(formatRating(average), count)}
        </p>
      )}
      {permission.status === 'allowed' && (
        <RatingForm key={product.key} product={product} initial={permission.ownRating} />
      )}
      {permission.status === 'denied' && (
        <p className="reviews__locked">{reviewsText.mustPurchase(product.category)}</p>
      )}
    </section>
  );
}
