import { useId, useState } from 'react';
import type { Product } from '../../../catalogue/index.ts';
import type { SpecNames } from '../../../catalogue/specs/index.ts';
import { compareRows } from './compare-rows.ts';
import { compareText } from './texts.ts';

export interface CompareTableProps {
  products: readonly Product[];
  /** The catalogue, for the names of the products a sheet refers to. */
  names: SpecNames;
  onRemove: (product: Product) => void;
}

/** Products side by side, one column each, one row per specification; differing rows marked. */
export function CompareTable({ products, names, onRemove }: CompareTableProps) {
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  const toggleId = useId();
  const rows = compareRows(products, compareText.price, names);
  const differing = rows.filter((row) => row.differs).length;
  const shown = onlyDifferences ? rows.filter((row) => row.differs) : rows;

  return (
    <>
      <div className="compare-controls">
        <label htmlFor={toggleId} className="compare-controls__toggle">
          <input
            id={toggleId}
            type="checkbox"
            checked={onlyDifferences}
            onChange={(event) => setOnlyDifferences(event.target.checked)}
          />
          {compareText.onlyDifferences}
        </label>
        <p role="status" className="compare-controls__count">
          {compareText.differenceCount(differing, rows.length)}
        </p>
      </div>
      <div className="compare-scroll">
        <table className="compare-table">
          <caption className="visually-hidden">
            {compareText.caption(products.map((p) => p.name))}
          </caption>
          <thead>
            <tr>
              <td className="compare-table__corner">{compareText.specification}</td>
              {products.map((product) => (
                <th key={product.key} scope="col" className="compare-table__product">
                  <span className="compare-table__name">{product.name}</span>
                  <button
                    type="button"
                    className="button button--ghost button--small compare-table__remove"
                    aria-label={compareText.remove(product.name)}
                    onClick={() => onRemove(product)}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.id} className={row.differs ? 'compare-table__row--differs' : undefined}>
                <th scope="row">
                  {row.label}
                  {row.differs && (
                    <span className="compare-table__badge">{compareText.differs}</span>
                  )}
                </th>
                {row.values.map((value, i) => (
                  <td key={products[i]?.key}>
                    {value ?? (
                      <>
                        <span aria-hidden="true">{compareText.notGiven}</span>
                        <span className="visually-hidden">{compareText.notGivenLabel}</span>
                      </>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
