// User-facing texts of the back office's stock editor (docs/decisions/0025-stock-holds.md).
export const stockEditorText = {
  title: 'Stock',
  intro:
    'Units on hand per product and colour. Available is on hand less the units held by open checkouts.',
  tableLabel: 'Stock per product and colour',
  show: 'Show stock',
  hide: 'Hide stock',
  product: 'Product',
  colour: 'Colour',
  onHand: 'On hand',
  available: 'Available',
  save: 'Save',
  saving: 'Saving…',
  onHandLabel: (item: string) => `On hand of ${item}`,
  saveLabel: (item: string) => `Save on hand of ${item}`,
  saved: (item: string, onHand: number) => `Saved: ${onHand} on hand of ${item}.`,
  invalid: 'Enter a whole number from 0 to 100000.',
  loading: 'Loading stock…',
  loadFailed: (message: string) => `Could not load stock: ${message}`,
  saveFailed: (message: string) => `Could not save: ${message}`,
} as const;
