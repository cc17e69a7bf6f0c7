import { formatRating, type Product } from '../../../catalogue/index.ts';
import { productPath } from '../../../contracts/shop-paths.ts';
import { ProductImage } from '../../components/product-image/index.ts';
import { useProductRating } from '../../state/use-ratings.ts';
import { CompareToggle } from './CompareToggle.tsx';
import { FactList, listPrice, productFacts } from './format.tsx';
import { StockBadge } from './StockBadge.tsx';
import { browseText } from './texts.ts';

export type ProductCardProps = {
  product: Product;
  /** The first card of the list: its photo is the page's largest paint, so it is fetched first. */
  priority?: boolean;
} & (
  | { onOpen: (product: Product) => void; linked?: never }
  /** A link to the product's page instead of the dialog, without compare (category pages). */
  | { linked: true; onOpen?: never }
);

/**
 * How wide a card's photo is: its whole art box (browse.css), a grid column less the card's
 * padding and border. Columns of at least 15rem, 1rem apart (components/controls.css), in the
 * container of app/theme.css (72rem at most, padded 1rem, 2rem from 48rem): four from 67rem, three
 * from 51rem, else two; on phones (product-grid-phone.css) 0.5rem apart in cards padded 0.5rem.
 * Checked against the laid-out widths from 320 to 1400 px: at most a few pixels over.
 */
export const CARD_SIZES = [
  '(min-width: 72rem) 14.25rem',
  '(min-width: 67rem) calc(25vw - 3.75rem)',
  '(min-width: 51rem) calc(33.3vw - 4rem)',
  '(min-width: 48rem) calc(50vw - 4.5rem)',
  '(min-width: 36rem) calc(50vw - 3.5rem)',
  'calc(50vw - 2.25rem)',
].join(', ');

function StarIcon() {
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M10 1.8l2.5 5.2 5.7.8-4.1 4 1 5.6L10 14.7l-5.1 2.7 1-5.6-4.1-4 5.7-.8z" />
    </svg>
  );
}

// The whole card opens the dialog: the name's button stretches over it, so there is one tab stop
// and the accessible name is the product's name.
export function ProductCard({ product, onOpen, linked, priority = false }: ProductCardProps) {
  // Seed ratings and the stored ones together: a rating saved in the dialog shows here at once.
  const { average } = useProductRating(product);
  const rating = formatRating(average);

  return (
    <article className={`card product-card product-card--${product.category}`}>
      <div className="product-card__art">
        <ProductImage
          product={product}
          color={product.selectedColor}
          sizes={CARD_SIZES}
          priority={priority}
        />
      </div>
      <h2 className="product-card__name">
        {linked ? (
          <a className="product-card__open" href={productPath(product.urlKey)}>
            {product.name}
          </a>
        ) : (
          <button type="button" className="product-card__open" onClick={() => onOpen(product)}>
            {product.name}
          </button>
        )}
      </h2>
      <p className="product-card__price price">{listPrice(product)}</p>
      <FactList facts={productFacts(product)} className="product-card__facts" />
      <StockBadge productKey={product.key} color={product.selectedColor} />
      <p className="product-card__rating">
        {average === null ? (
          <span className="product-card__no-reviews">{rating}</span>
        ) : (
          <>
            <StarIcon />
            <span className="visually-hidden">{browseText.ratingLabel} </span>
            {rating}
          </>
        )}
      </p>
      {!linked && <CompareToggle product={product} className="product-card__compare" />}
    </article>
  );
}
