// Numbers and names as en-US writes and orders them, without Intl: a page's first Intl formatter
// or collator loads ICU's locale data, 20-60 ms of the main thread before the first prices show
// (docs/decisions/0040-prices-without-intl.md). Tests hold these to Intl's output for the
// whole catalogue (en-us.test.ts).

/** Groups a string of digits by thousands: "1234567" -> "1,234,567". */
const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * `value` with `minDigits` to `maxDigits` fraction digits, grouped by thousands, as
 * `Intl.NumberFormat('en-US', { minimumFractionDigits, maximumFractionDigits })` writes it for
 * values with no more decimals than `maxDigits` (prices in cents, the catalogue's measurements).
 */
export function formatDecimal(value: number, minDigits: number, maxDigits: number): string {
  const [whole = '0', fraction = ''] = Math.abs(value).toFixed(maxDigits).split('.');
  const digits = fraction.replace(/0+$/, '').padEnd(minDigits, '0');
  return `${value < 0 ? '-' : ''}${groupThousands(whole)}${digits ? `.${digits}` : ''}`;
}

/**
 * Orders product names as `localeCompare(other, 'en')` does for the catalogue's names (ASCII:
 * letters, digits, spaces and punctuation): letters ignore case, and a lower-case letter comes
 * before its capital only when the names are otherwise equal.
 */
export function compareNames(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a === b ? 0 : a > b ? -1 : 1;
}
