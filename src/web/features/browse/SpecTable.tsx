import type { Product } from '../../../catalogue/index.ts';
import { specRows, specsOf } from '../../../catalogue/specs/index.ts';
import { specText } from './texts.ts';
import './compare.css';

/** A product's specification sheet: one row per field it gives, a header cell naming each row. */
export function SpecTable({ product }: { product: Product }) {
  const rows = specRows(specsOf(product));
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
