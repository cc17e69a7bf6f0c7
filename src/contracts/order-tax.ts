// The tax inside a refund (docs/decisions/0050-discount-codes-and-sales-tax.md): a refund returns
// tax in proportion to the order's tax in its total, added on top or inside the prices alike, so
// the refund mail and the back office say how much of it was tax.

/**
 * The part of `refundCents` that is tax: round(refund × tax / total), in cents; 0 for an order
 * with no tax or a total of nothing.
 */
export function taxShareOf(
  refundCents: number,
  order: { tax_cents: number; total_cents: number },
): number {
  if (order.tax_cents <= 0 || order.total_cents <= 0) return 0;
  return Math.round((refundCents * order.tax_cents) / order.total_cents);
}
