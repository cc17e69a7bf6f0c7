import { useEffect, useMemo } from 'react';
import { compareHref, parseCompareItems } from '../../../catalogue/compare.ts';
import type { Catalogue, Product } from '../../../catalogue/index.ts';
import { CatalogueStatus } from '../../components/catalogue-status/index.ts';
import { Link } from '../../lib/hash-link.tsx';
import { navigate, useHashQuery } from '../../lib/hash-location.ts';
import { compareStore } from '../../state/compare-store.ts';
import { useCatalogue } from '../../state/use-catalogue.ts';
import { CompareTable } from './CompareTable.tsx';
import { compareText, invalidText } from './texts.ts';
import '../../components/controls.css';
import './compare.css';

/**
 * `#/compare?items=switches:8,switches:9`: the products of the URL side by side, once the
 * catalogue is read; its title stays the same element meanwhile (the focus a navigation gave it).
 */
export function ComparePage() {
  const view = useCatalogue();
  return (
    <div className="page container compare-page">
      <h1>{compareText.title}</h1>
      {view.status === 'ready' ? (
        <Comparison catalogue={view.catalogue} />
      ) : (
        <CatalogueStatus view={view} />
      )}
    </div>
  );
}

function Comparison({ catalogue }: { catalogue: Catalogue }) {
  const [params] = useHashQuery();
  const items = params.get('items');
  const parsed = useMemo(
    () => parseCompareItems(items, (key) => catalogue.byKey(key) !== undefined),
    [items, catalogue],
  );
  const products = parsed.ok ? parsed.keys.flatMap((key) => catalogue.byKey(key) ?? []) : [];

  // A valid link becomes the selection, so the list pages' tray shows what is compared here.
  useEffect(() => {
    if (parsed.ok) compareStore.set(parsed.keys);
  }, [parsed]);

  const remove = (product: Product) => {
    compareStore.remove(product.key);
    const rest = products.filter((p) => p !== product).map((p) => p.key);
    navigate(rest.length > 0 ? compareHref(rest) : '/compare');
  };

  return parsed.ok ? (
    <>
      <p className="page-lead">{compareText.lead}</p>
      <CompareTable products={products} names={catalogue} onRemove={remove} />
      {products.length === 1 && <p className="compare-page__hint">{compareText.addMore}</p>}
    </>
  ) : (
    <div className="compare-empty card">
      <p className="compare-empty__message">{invalidText[parsed.reason]}</p>
      <BrowseLinks />
    </div>
  );
}

function BrowseLinks() {
  return (
    <nav aria-label={compareText.browseLabel} className="compare-empty__links">
      <span aria-hidden="true">{compareText.browse}</span>
      {compareText.lists.map((list) => (
        <Link key={list.href} href={list.href}>
          {list.label}
        </Link>
      ))}
    </nav>
  );
}
