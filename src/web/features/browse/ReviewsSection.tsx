import { useId } from 'react';
import { averageRating, formatRating, type Product } from '../../../catalogue/index.ts';
import { dialogText } from './texts.ts';

// The reviews of one product. Writing reviews (verified buyers only) arrives in a later issue and
// belongs below the summary; until then this shows the seed ratings and nothing pretends otherwise.
export function ReviewsSection({ product }: { product: Product }) {
  const headingId = useId();
  const average = averageRating(product.reviews);
  const count = product.reviews.length;

  return (
    <section aria-labelledby={headingId} className="reviews">
      <h3 id={headingId}>{dialogText.reviewsTitle}</h3>
      {average === null ? (
        <p className="reviews__empty">{dialogText.noReviewsYet}</p>
      ) : (
        <p className="reviews__summary">
          <span className="reviews__stars" aria-hidden="true">
            <span className="reviews__stars-fill" style={{ width: `${(average / 5) * 100}%` }} />
          </span>
          {dialogText.reviewSummary(formatRating(average), count)}
        </p>
      )}
    </section>
  );
}
