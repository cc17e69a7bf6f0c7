// CSV text as the shop writes it (RFC 4180 quoting), for the orders export and the products'
// export and import alike. Pure: no I/O.

/**
 * A character a spreadsheet reads as the start of a formula (=, +, -, @, tab, return), at the start of the text or right after a character some spreadsheet splits
 * fields on (comma, semicolon, tab, pipe). Excel in German, French, Dutch, Spanish or Italian
 * settings splits a comma-separated file on semicolons and ignores quotes that do not open its own
 * field, so "Bob;=1+2;" would give a "=1+2" cell there.
 */
const FORMULA = /(^|[,;\t|])([=+\-@\t\r])/g;
/** What csvField puts before such a character, taken away again when a field is read back. */
const GUARDED = /(^|[,;\t|])'([=+\-@\t\r])/g;

/** An amount or count written as it is: never quoted, never a formula. */
export class CsvNumber {
  constructor(readonly text: string) {
    if (!/^-?\d+(\.\d+)?$/.test(text)) throw new TypeError(`Not a CSV number: ${text}`);
  }
}

export type CsvCell = string | number | CsvNumber | null;

/**
 * One CSV field. Text is always quoted, quotes doubled (RFC 4180), and every formula character at
 * its start or after a separator gets an apostrophe before it, so opening the export in any
 * spreadsheet, in any locale, never runs what a shopper typed as their name or city.
 */
export function csvField(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  if (value instanceof CsvNumber) return value.text;
  const text = value.replace(FORMULA, "$1'$2");
  return `"${text.replace(/"/g, '""')}"`;
}

/** A field's text as it was before csvField guarded it: the apostrophes it added are dropped. */
export function unguardField(text: string): string {
  return text.replace(GUARDED, '$1$2');
}

/** Lines of fields, CRLF-terminated as RFC 4180 says. */
export function csvLines(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}
