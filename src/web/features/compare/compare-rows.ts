import { formatPrice, type Product } from '../../../catalogue/index.ts';
import { allSpecRows, specsOf, type SpecNames } from '../../../catalogue/specs/index.ts';

export interface CompareRow {
  id: string;
  label: string;
  /** One value per product, in column order; null where the product gives none. */
  values: readonly (string | null)[];
  differs: boolean;
}

/**
 * The compare table's rows: price, then every spec field of the category that at least one of the
 * products gives. A row differs when its values are not all the same (a missing value counts).
 * `names` (the catalogue) names the products a sheet refers to.
 */
export function compareRows(
  products: readonly Product[],
  priceLabel: string,
  names: SpecNames,
): CompareRow[] {
  const sheets = products.map((p) => allSpecRows(specsOf(p), names));
  const price: CompareRow = {
    id: 'price',
    label: priceLabel,
    // docs/product.md, Product lists: keyboards in whole dollars, the rest with cents.
    values: products.map((p) => formatPrice(p.priceCents, p.category === 'keyboards' ? 0 : 2)),
    differs: false,
  };
  const specs = (sheets[0] ?? []).map((field, i) => ({
    id: field.id,
    label: field.label,
    values: sheets.map((rows) => rows[i]?.value ?? null),
    differs: false,
  }));
  return [price, ...specs]
    .filter((row) => row.values.some((v) => v !== null))
    .map((row) => ({ ...row, differs: new Set(row.values).size > 1 }));
}
