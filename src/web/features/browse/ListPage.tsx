import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  facetFor,
  filterProducts,
  productsByCategory,
  searchProducts,
  SORT_ORDERS,
  sortProducts,
  type Category,
  type Product,
  type SortOrder,
} from '../../../catalogue/index.ts';
import { useCatalogueRatings } from '../../state/use-ratings.ts';
import { ProductCard } from './ProductCard.tsx';
import { ProductDialog } from './ProductDialog.tsx';
import { browseText, pageText, sortLabels } from './texts.ts';
import { useListQuery } from './use-list-query.ts';
import '../../components/controls.css';
import './browse.css';

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

/** One catalogue's list page: search, sort and filter (all in the URL), cards, and the dialog. */
export function ListPage({ category, renderReviews }: ListPageProps) {
  const { title, intro } = pageText[category];
  const facet = useMemo(() => facetFor(category), [category]);
  const { query, setSearch, setSort, toggle, clearSearchAndFilters } = useListQuery(facet);
  const [open, setOpen] = useState<Product | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  // The stored ratings arrive after the first render; until then (or if they fail) cards show seeds.
  useCatalogueRatings(category);
  const searchId = useId();
  const sortId = useId();

  const results = useMemo(() => {
    const found = searchProducts(productsByCategory(category), query.q);
    return sortProducts(filterProducts(found, facet.param, query.selected), query.sort);
  }, [category, facet, query]);

  const clear = () => {
    clearSearchAndFilters();
    // The button goes away with the empty state: keep focus somewhere useful.
    searchRef.current?.focus();
  };

  return (
    <div className="page container list-page">
      <header className="list-page__header">
        <h1>{title}</h1>
        <p className="page-lead">{intro}</p>
      </header>

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
        <div role="group" aria-label={facet.groupLabel} className="list-controls__filters">
          <span className="list-controls__filters-label" aria-hidden="true">
            {facet.label}
          </span>
          {facet.values.map((value) => (
            <button
              key={value}
              type="button"
              className="chip"
              aria-pressed={query.selected.includes(value)}
              onClick={() => toggle(value)}
            >
              {value}
            </button>
          ))}
        </div>
      </div>

      <p role="status" className="list-status">
        {browseText.resultCount(results.length)}
      </p>

      {results.length > 0 ? (
        <ul aria-label={browseText.productsLabel} className="grid product-grid">
          {results.map((product) => (
            <li key={product.key}>
              <ProductCard product={product} onOpen={setOpen} />
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

      {open && (
        <ProductDialog
          key={open.key}
          product={open}
          onClose={() => setOpen(null)}
          reviews={renderReviews?.(open)}
        />
      )}
    </div>
  );
}
