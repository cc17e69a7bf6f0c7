import type { Category } from '../../catalogue/index.ts';
import { useCatalogueRatings } from '../state/use-ratings.ts';
import { useStockAvailability } from '../state/use-stock.ts';
import type { PageData } from './page-data.ts';

function CategoryData({ category }: { category: Category }) {
  useCatalogueRatings(category);
  useStockAvailability();
  return null;
}

/**
 * Reads the current stock and ratings once the page has painted (the page may come from the
 * server's cache), as the list pages do; they then replace what the page was rendered with.
 */
export function LiveData({ data }: { data: PageData }) {
  if (data.kind === 'product') return <CategoryData category={data.product.category} />;
  if (data.kind === 'category') return <CategoryData category={data.category} />;
  return null;
}
