import { useId } from 'react';
import { formatRating, type Product } from '../../../catalogue/index.ts';
import type { SpecNames } from '../../../catalogue/specs/index.ts';
import { categoryPath, SHOP_BASE_PATH } from '../../../contracts/shop-paths.ts';
import { listPageText } from '../../components/page-frame/list-header.tsx';
import { useProductRating } from '../../state/use-ratings.ts';
import { ProductDetails } from './ProductDetails.tsx';
import { pageText } from './texts.ts';
import '../../components/controls.css';
import './browse.css';
import './product-page.css';

export interface ProductPageProps {
  product: Product;
  names: SpecNames;
}

function Rating({ product }: { product: Product }) {
  const { average, count } = useProductRating(product);
  return (
    <p className="product-page__rating">
      {average === null ? pageText.noRating : pageText.rating(formatRating(average), count)}
    </p>
  );
}

/** Where a page sits in the shop: Home › Keyboards › the product. */
export function Breadcrumbs({ trail }: { trail: readonly { name: string; href?: string }[] }) {
  return (
    <nav aria-label={pageText.breadcrumb} className="breadcrumbs">
      <ol>
        {trail.map(({ name, href }) => (
          <li key={name}>
            {href ? <a href={href}>{name}</a> : <span aria-current="page">{name}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * A product's own page (docs/product.md, Product pages): rendered by the server as a whole page, then
 * the same details as the dialog's, with Add to Cart, once its script runs.
 */
export function ProductPage({ product, names }: ProductPageProps) {
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className="page container product-page">
      <Breadcrumbs
        trail={[
          { name: pageText.home, href: SHOP_BASE_PATH },
          { name: listPageText[product.category].title, href: categoryPath(product.category) },
          { name: product.name },
        ]}
      />
      <div className="card product-page__details product-dialog">
        <ProductDetails
          product={product}
          names={names}
          titleId={titleId}
          titleLevel="h1"
          comparable={false}
          rating={<Rating product={product} />}
        />
      </div>
    </article>
  );
}
