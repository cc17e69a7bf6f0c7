import type { Category, Product } from '../../../catalogue/index.ts';
import { listPath, SHOP_BASE_PATH } from '../../../contracts/shop-paths.ts';
import { ListHeader, listPageText } from '../../components/page-frame/list-header.tsx';
import { ProductCard } from './ProductCard.tsx';
import { Breadcrumbs } from './ProductPage.tsx';
import { browseText, pageText } from './texts.ts';
import '../../components/controls.css';
import './browse.css';
import './product-grid-phone.css';
import './product-page.css';

export interface CategoryPageProps {
  category: Category;
  /** The category's published products, in the shop's order. */
  products: readonly Product[];
}

/**
 * A category's own page (docs/product.md, Product pages): its products as cards whose names link
 * to their pages, for readers without scripts; the list page offers search, filters and compare.
 */
export function CategoryPage({ category, products }: CategoryPageProps) {
  const { title } = listPageText[category];
  return (
    <div className="page container list-page category-page">
      <Breadcrumbs trail={[{ name: pageText.home, href: SHOP_BASE_PATH }, { name: title }]} />
      <ListHeader category={category} />
      <p className="category-page__browse">
        <a href={listPath(category)}>{pageText.browseAll(title)}</a>
      </p>
      <ul aria-label={browseText.productsLabel} className="grid product-grid">
        {products.map((product, index) => (
          <li key={product.key}>
            <ProductCard product={product} linked priority={index === 0} />
          </li>
        ))}
      </ul>
    </div>
  );
}
