import { useEffect } from 'react';
import { COMPARE_MAX, compareHref } from '../../../catalogue/compare.ts';
import type { Catalogue } from '../../../catalogue/index.ts';
import { Link } from '../../lib/hash-link.tsx';
import { compareStore, useCompareSelection } from '../../state/compare-store.ts';
import { compareText } from './texts.ts';
import './compare.css';

/**
 * The products chosen for comparison, with remove buttons and the way to the compare page. A
 * chosen product the shop no longer sells leaves the selection once the catalogue says so.
 */
export function CompareTray({ catalogue }: { catalogue: Catalogue }) {
  const stored = useCompareSelection();
  const selection = stored.filter((key) => catalogue.byKey(key) !== undefined);
  const gone = selection.length !== stored.length;
  useEffect(() => {
    if (gone) compareStore.set(selection);
  });
  if (selection.length === 0) return null;
  const products = selection.flatMap((key) => catalogue.byKey(key) ?? []);

  return (
    <section aria-label={compareText.trayLabel} className="compare-tray card">
      <p className="compare-tray__count">{compareText.trayCount(products.length, COMPARE_MAX)}</p>
      <ul className="compare-tray__items">
        {products.map((product) => (
          <li key={product.key} className="compare-tray__item">
            <span>{product.name}</span>
            <button
              type="button"
              className="compare-tray__remove"
              aria-label={compareText.remove(product.name)}
              onClick={() => compareStore.remove(product.key)}
            >
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="compare-tray__actions">
        {products.length >= 2 ? (
          <Link href={compareHref(selection)} className="button button--primary button--small">
            {compareText.open}
          </Link>
        ) : (
          <p className="compare-tray__hint">{compareText.needTwo}</p>
        )}
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={compareStore.clear}
        >
          {compareText.clear}
        </button>
      </div>
    </section>
  );
}
