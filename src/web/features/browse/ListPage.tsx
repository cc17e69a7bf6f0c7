import { useDeferredValue, useId, useMemo, useRef, type ReactNode } from 'react';
import { browseResults, filterGroupsFor } from '../../../catalogue/filters.ts';
import {
  facetFor,
  SORT_ORDERS,
  sortProducts,
  type Catalogue,
  type Category,
  type Product,
  type SortOrder,
} from '../../../catalogue/index.ts';
import { CatalogueStatus } from '../../components/catalogue-status/index.ts';
import { ListHeader } from '../../components/page-frame/list-header.tsx';
import { useCatalogue } from '../../state/use-catalogue.ts';
import { useCatalogueRatings } from '../../state/use-ratings.ts';
import { CompareTray } from './CompareTray.tsx';
import { FacetChips } from './FacetChips.tsx';
import { FilterPanel } from './FilterPanel.tsx';
import { MissingProductDialog } from './MissingProductDialog.tsx';
import { useStockAvailability } from '../../state/use-stock.ts';
import { ProductCard } from './ProductCard.tsx';
import { ProductDialog } from './ProductDialog.tsx';
import { browseText, sortLabels } from './texts.ts';
import { useListQuery } from './use-list-query.ts';
import { useOpenProduct } from './use-open-product.ts';
import '../../components/controls.css';
import './browse.css';
import './filters.css';
import './product-grid-phone.css';

function SearchIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export interface ListPageProps {
  category: Category;
  /** The product dialog's reviews section (a slot web/app fills from the reviews feature). */
  renderReviews?: (product: Product) => ReactNode;
}

/**
 * One catalogue's list page: search, sort and filters (all in the URL), cards, and the dialog of
 * the product the URL names. Until the catalogue is read it is its frame (app/page-frames.tsx),
 * heading, lead and loading line; the heading stays the same element when the products arrive, so
 * nothing moves and the focus a navigation gave it stays.
 */
export function ListPage({ category, renderReviews }: ListPageProps) {
  // Deferred: the cards are rendered as a transition, which React splits into short tasks, so the
  // page the shopper already sees (heading, lead, loading line) stays responsive meanwhile.
  const view = useDeferredValue(useCatalogue());
  // Read beside the products, once the page has painted. The stored ratings arrive after the
  // cards; until then (or if they fail) cards show the seed ratings.
  useCatalogueRatings(category);
  useStockAvailability();
  return (
    <div className="page container list-page">
      <ListHeader category={category} />
      {view.status === 'ready' ? (
        <ProductList category={category} renderReviews={renderReviews} catalogue={view.catalogue} />
      ) : (
        <CatalogueStatus view={view} />
      )}
    </div>
  );
}

function ProductList({
  category,
  renderReviews,
  catalogue,
}: ListPageProps & { catalogue: Catalogue }) {
  const products = catalogue.byCategory(category);
  const groups = filterGroupsFor(category, products);
  // The chips offer the facet's values that some product has, like the other groups.
  const facet = useMemo(
    () => ({ ...facetFor(category), values: [...groups[0]!.values] }),
    [category, groups],
  );
  const { query, setSearch, setSort, toggle, toggleChoice, setPrice, clearFilters, ...list } =
    useListQuery(groups);
  const { open, openProduct, closeProduct } = useOpenProduct(category, catalogue);
  const searchRef = useRef<HTMLInputElement>(null);
  const searchId = useId();
  const sortId = useId();

  const { results, counts } = useMemo(() => {
    const found = browseResults(products, groups, query.q, query.filters, catalogue);
    return { results: sortProducts(found.products, query.sort), counts: found.counts };
  }, [products, groups, query, catalogue]);

  const clear = () => {
    list.clearSearchAndFilters();
    // The button goes away with the empty state: keep focus somewhere useful.
    searchRef.current?.focus();
  };

  return (
    <>
      <div className="list-controls">
        <div className="list-controls__search">
          <label htmlFor={searchId} className="visually-hidden">
            {browseText.searchLabel}
          </label>
          <SearchIcon />
          <input
            ref={searchRef}
            id={searchId}
            type="search"
            className="input"
            placeholder={browseText.searchPlaceholder}
            autoComplete="off"
            spellCheck={false}
            value={query.q}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div className="list-controls__sort">
          <label htmlFor={sortId} className="visually-hidden">
            {browseText.sortLabel}
          </label>
          <select
            id={sortId}
            className="select"
            value={query.sort}
            onChange={(event) => setSort(event.target.value as SortOrder)}
          >
            {SORT_ORDERS.map((order) => (
              <option key={order} value={order}>
                {sortLabels[order]}
              </option>
            ))}
          </select>
        </div>
        <FacetChips
          facet={facet}
          selected={query.selected}
          counts={counts[facet.param] ?? {}}
          onToggle={toggle}
        />
      </div>

      <FilterPanel
        groups={groups.slice(1)}
        query={query}
        counts={counts}
        onToggle={toggleChoice}
        onPrice={setPrice}
        onClear={clearFilters}
      />

      <p role="status" className="list-status">
        {browseText.resultCount(results.length)}
      </p>

      {results.length > 0 ? (
        <ul aria-label={browseText.productsLabel} className="grid product-grid">
          {results.map((product, index) => (
            <li key={product.key}>
              <ProductCard product={product} onOpen={openProduct} priority={index === 0} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="list-empty card">
          <p className="list-empty__title">{browseText.noMatch}</p>
          <p className="list-empty__hint">{browseText.noMatchHint}</p>
          <button type="button" className="button" onClick={clear}>
            {browseText.clear}
          </button>
        </div>
      )}

      <CompareTray catalogue={catalogue} />

      {open.kind === 'product' && (
        <ProductDialog
          key={open.product.key}
          product={open.product}
          names={catalogue}
          onClose={closeProduct}
          reviews={renderReviews?.(open.product)}
        />
      )}
      {open.kind === 'missing' && <MissingProductDialog onClose={closeProduct} />}
    </>
  );
}
