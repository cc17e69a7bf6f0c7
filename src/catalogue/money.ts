import { formatDecimal } from './en-us.ts';

/** Dollars (as the catalogue gives them) to integer cents: price times 100, rounded. */
export function priceToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Integer cents back to dollars, e.g. a payment provider's unit_amount. */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** Formats cents as US dollars, e.g. 300 -> "$3.00", or "$120" with fractionDigits 0. */
export function formatPrice(cents: number, fractionDigits = 2): string {
  const amount = formatDecimal(Math.abs(centsToDollars(cents)), fractionDigits, fractionDigits);
  return `${cents < 0 ? '-' : ''}$${amount}`;
}
