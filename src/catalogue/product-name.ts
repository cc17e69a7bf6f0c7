/** The colour written when a line item has none. */
export const DEFAULT_COLOR_LABEL = 'Default';
/** The colour read back when a line item name carries none. */
export const UNKNOWN_COLOR_LABEL = 'N/A';

/** The product name sent to the payment provider: "name (colour)", "Default" without a colour. */
export function encodeLineItemName(name: string, color?: string | null): string {
  const label = color && color.trim() !== '' ? color : DEFAULT_COLOR_LABEL;
  return `${name} (${label})`;
}

/** Reads a provider product name back: name before the last "(", colour inside the last parentheses. */
export function decodeLineItemName(text: string): { name: string; color: string } {
  const open = text.lastIndexOf('(');
  if (open < 0) return { name: text.trim(), color: UNKNOWN_COLOR_LABEL };
  const close = text.indexOf(')', open);
  const color = close > open ? text.slice(open + 1, close).trim() : '';
  return { name: text.slice(0, open).trim(), color: color || UNKNOWN_COLOR_LABEL };
}
