import type { Product } from '../../../catalogue/index.ts';
import { specRows, specsOf, type SpecNames } from '../../../catalogue/specs/index.ts';
import { specText } from './texts.ts';
import './compare.css';

/**
 * A product's specification sheet: one row per field it gives, a header cell naming each row.
 * `names` (the catalogue) names the products a sheet refers to, a keyboard's switch fitted.
 */
export function SpecTable({ product, names }: { product: Product; names: SpecNames }) {
  const rows = specRows(specsOf(product), names);
  if (rows.length === 0) return null;
  return (
    <table className="spec-table">
      <caption className="spec-table__caption">{specText.caption}</caption>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <th scope="row">{row.label}</th>
            <td>{row.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
