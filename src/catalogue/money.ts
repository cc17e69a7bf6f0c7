/** Dollars (as the catalogue gives them) to integer cents: price times 100, rounded. */
export function priceToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Integer cents back to dollars, e.g. a payment provider's unit_amount. */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

const formatters = new Map<number, Intl.NumberFormat>();

/** Formats cents as US dollars, e.g. 300 -> "$3.00", or "$120" with fractionDigits 0. */
export function formatPrice(cents: number, fractionDigits = 2): string {
  let formatter = formatters.get(fractionDigits);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formatters.set(fractionDigits, formatter);
  }
  return formatter.format(centsToDollars(cents));
}
