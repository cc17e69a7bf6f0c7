import { formatRating, type Product } from '../../../catalogue/index.ts';
import { ProductArt } from '../../components/art/index.ts';
import { useProductRating } from '../../state/use-ratings.ts';
import { CompareToggle } from './CompareToggle.tsx';
import { FactList, listPrice, productFacts } from './format.tsx';
import { StockBadge } from './StockBadge.tsx';
import { browseText } from './texts.ts';

export interface ProductCardProps {
  product: Product;
  onOpen: (product: Product) => void;
}

function StarIcon() {
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M10 1.8l2.5 5.2 5.7.8-4.1 4 1 5.6L10 14.7l-5.1 2.7 1-5.6-4.1-4 5.7-.8z" />
    </svg>
  );
}

// The whole card opens the dialog: the name's button stretches over it, so there is one tab stop
// and the accessible name is the product's name.
export function ProductCard({ product, onOpen }: ProductCardProps) {
  // Seed ratings and the stored ones together: a rating saved in the dialog shows here at once.
  const { average } = useProductRating(product);
  const rating = formatRating(average);

  return (
    <article className={`card product-card product-card--${product.category}`}>
      <div className="product-card__art">
        <ProductArt product={product} color={product.selectedColor} />
      </div>
      <h2 className="product-card__name">
        <button type="button" className="product-card__open" onClick={() => onOpen(product)}>
          {product.name}
        </button>
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
      <CompareToggle product={product} className="product-card__compare" />
    </article>
  );
}
