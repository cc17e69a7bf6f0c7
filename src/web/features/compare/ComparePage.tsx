import { useEffect, useMemo } from 'react';
import { compareHref, parseCompareItems } from '../../../catalogue/compare.ts';
import { findProductByKey, type Product } from '../../../catalogue/index.ts';
import { Link } from '../../lib/hash-link.tsx';
import { navigate, useHashQuery } from '../../lib/hash-location.ts';
import { compareStore } from '../../state/compare-store.ts';
import { CompareTable } from './CompareTable.tsx';
import { compareText, invalidText } from './texts.ts';
import '../../components/controls.css';
import './compare.css';

const exists = (key: string) => findProductByKey(key) !== undefined;

/** `#/compare?items=switches:8,switches:9`: the products of the URL side by side. */
export function ComparePage() {
  const [params] = useHashQuery();
  const items = params.get('items');
  const parsed = useMemo(() => parseCompareItems(items, exists), [items]);
  const products = parsed.ok ? parsed.keys.flatMap((key) => findProductByKey(key) ?? []) : [];

  // A valid link becomes the selection, so the list pages' tray shows what is compared here.
  useEffect(() => {
    if (parsed.ok) compareStore.set(parsed.keys);
  }, [parsed]);

  const remove = (product: Product) => {
    compareStore.remove(product.key);
    const rest = products.filter((p) => p !== product).map((p) => p.key);
    navigate(rest.length > 0 ? compareHref(rest) : '/compare');
  };

  return (
    <div className="page container compare-page">
      <h1>{compareText.title}</h1>
      {parsed.ok ? (
        <>
          <p className="page-lead">{compareText.lead}</p>
          <CompareTable products={products} onRemove={remove} />
          {products.length === 1 && <p className="compare-page__hint">{compareText.addMore}</p>}
        </>
      ) : (
        <div className="compare-empty card">
          <p className="compare-empty__message">{invalidText[parsed.reason]}</p>
          <BrowseLinks />
        </div>
      )}
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
