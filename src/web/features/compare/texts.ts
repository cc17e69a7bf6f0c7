import type { CompareParse } from '../../../catalogue/compare.ts';

// The compare page's texts (docs/product.md, Specifications and compare).
export const compareText = {
  title: 'Compare',
  lead: 'Specifications side by side. Rows whose values differ are marked “Differs”.',
  caption: (names: readonly string[]) => `Specifications of ${names.join(', ')}`,
  specification: 'Specification',
  price: 'Price',
  differs: 'Differs',
  notGiven: '—',
  notGivenLabel: 'not given',
  onlyDifferences: 'Show only differences',
  differenceCount: (count: number, total: number) =>
    count === 0
      ? `No differences: all ${total} specifications are the same.`
      : `${count} of ${total} specifications differ.`,
  remove: (name: string) => `Remove ${name}`,
  addMore: 'Add another product from the list pages to compare it with this one.',
  browse: 'Browse:',
  browseLabel: 'Browse products',
  lists: [
    { href: '/keyboard', label: 'Keyboards' },
    { href: '/switches', label: 'Switches' },
    { href: '/accessories', label: 'Accessories' },
  ],
} as const;

export const invalidText: Record<Exclude<CompareParse, { ok: true }>['reason'], string> = {
  empty:
    'Nothing to compare yet. Choose up to four products of one kind with their Compare buttons, then open the comparison.',
  malformed:
    'This comparison link is not valid: the products in it could not be read. Choose the products again from the list pages.',
  unknown:
    'This comparison link names a product we do not sell. Choose the products again from the list pages.',
  mixed:
    'This comparison link mixes different kinds of product: only products of one kind (keyboards, switches or accessories) can be compared.',
  'too-many': 'This comparison link has more than four products: compare up to four at once.',
};
