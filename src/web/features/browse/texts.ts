import type { SortOrder } from '../../../catalogue/index.ts';

// User-facing texts of the list pages and the product dialog, in one place. The placeholder and the
// sort options are docs/product.md's (Product lists), word for word ("No reviews" is the
// catalogue's NO_REVIEWS; the dialog's reviews section and its texts belong to features/reviews).
export const sortLabels: Record<SortOrder, string> = {
  name: 'Sort by Name',
  'price-asc': 'Price: Low to High',
  'price-desc': 'Price: High to Low',
};

export const browseText = {
  searchLabel: 'Search product',
  searchPlaceholder: 'Search product...',
  sortLabel: 'Sort',
  productsLabel: 'Products',
  resultCount: (count: number) => `${count} ${count === 1 ? 'product' : 'products'}`,
  noMatch: 'No products match your search.',
  noMatchHint: 'Try another name, or clear the search and filters to see everything.',
  clear: 'Clear search and filters',
  colour: (colour: string) => `Colour: ${colour}`,
  connectivity: (value: string) => `Connectivity: ${value}`,
  type: (value: string) => `Type: ${value}`,
  ratingLabel: 'Rating:',
} as const;

// docs/product.md, Filters and Shareable products.
export const filterText = {
  disclosure: 'Filters',
  legends: {
    size: 'Size',
    hotswap: 'Hot-swap',
    force: 'Actuation force',
  } as Record<string, string>,
  values: {
    'hot-swap': 'Hot-swap',
    soldered: 'Soldered',
    lt45: '< 45 gf',
    '45-55': '45–55 gf',
    '56-65': '56–65 gf',
    gt65: '> 65 gf',
  } as Record<string, string>,
  /** The description of a choice: how many products it would leave. */
  matching: (count: number) => `${count} matching`,
  price: 'Price',
  priceMin: 'Min price ($)',
  priceMax: 'Max price ($)',
  priceInvalid: 'Enter dollars, like 50 or 49.99.',
  priceOrder: 'The minimum must not be more than the maximum.',
  clear: 'Clear filters',
} as const;

export const missingProductText = {
  title: "We couldn't find that product.",
  hint: 'The link may be mistyped, or the product is no longer in the catalogue.',
  back: 'Back to the list',
} as const;

export const dialogText = {
  close: 'Close',
  colourLabel: 'Colour',
  // The row of thumbnails under a product's photo, each named by its photo's alt text.
  photos: 'Photos',
  addToCart: 'Add to Cart',
  // One of a product: docs/product.md's text word for word; more: the quantity in front.
  added: (name: string, colour: string, quantity = 1) =>
    quantity === 1
      ? `Added ${name} (${colour}) to your cart`
      : `Added ${quantity} × ${name} (${colour}) to your cart`,
  decrease: 'Decrease quantity',
  increase: 'Increase quantity',
  // Within the stock (docs/product.md, Stock).
  total: 'Total:',
  leftWithCart: (left: number, inCart: number) => `Only ${left} left (${inCart} in your cart)`,
  allInCart: (left: number) => `All ${left} left are in your cart.`,
  overStock: (left: number) => `Only ${left} left: enter ${left} or fewer.`,
  overStockWithCart: (room: number, inCart: number) =>
    `You can add ${room} more: your cart already holds ${inCart}.`,
} as const;

// Specifications and compare (docs/product.md, Specifications and compare).
export const specText = {
  caption: 'Specifications',
} as const;

export const compareText = {
  toggle: 'Compare',
  toggleLabel: (name: string) => `Compare ${name}`,
  trayLabel: 'Products to compare',
  trayCount: (count: number, max: number) => `Comparing ${count} of ${max}`,
  open: 'Compare now',
  needTwo: 'Choose at least two products to compare.',
  remove: (name: string) => `Remove ${name} from comparison`,
  clear: 'Clear comparison',
  full: (max: number) =>
    `You can compare up to ${max} products at once. Remove one from the comparison first.`,
  otherCategory: (name: string, category: string) =>
    `${name} cannot join this comparison: it holds ${category}, and only products of one kind can be compared side by side. Clear the comparison to compare ${name}.`,
} as const;

// Stock per colour (docs/product.md, Stock): on the cards and in the dialog.
export const stockText = {
  inStock: 'In stock',
  onlyLeft: (left: number) => `Only ${left} left`,
  soldOut: 'Sold out',
} as const;

// The server-rendered pages (docs/product.md, Product pages).
export const pageText = {
  breadcrumb: 'Breadcrumb',
  home: 'Home',
  rating: (average: string, count: number) =>
    `Rated ${average} out of 5 by ${count} ${count === 1 ? 'review' : 'reviews'}`,
  noRating: 'No reviews yet',
  productPage: 'Product page',
  productPageLabel: (name: string) => `Product page of ${name}: a link to share`,
  browseAll: (title: string) => `Search, filter and compare ${title.toLowerCase()}`,
  missingTitle: 'We couldn’t find that product.',
  missingBody: 'The link may be mistyped, or the product is no longer in the catalogue.',
  goneTitle: 'This product is no longer sold.',
  goneBody: (name: string) => `${name} has left the catalogue. These are what the shop sells now:`,
  categories: 'Browse the shop',
} as const;

// Pre-orders and group buys (docs/decisions/0051-pre-orders-and-group-buys.md): instead of the
// stock line, on the cards and in the dialog. Windows and dates come written (lib/ship-dates.ts).
export const waitingText = {
  preOrder: (window: string) => `Pre-order · ships ${window}`,
  groupBuy: (ends: string) => `Group buy · ends ${ends}`,
  left: (left: number) => `${left} left`,
  soldOut: 'Sold out',
  joined: (paid: number, moq: number) => `${paid} of ${moq} joined`,
  daysLeft: (days: number) => (days === 1 ? '1 day left' : `${days} days left`),
  endsToday: 'Ends today',
  notStarted: (opens: string) => `Not started: opens ${opens}`,
  ended: 'Ended',
  shipsIfReached: (moq: number, window: string) => `If it reaches ${moq}, ships ${window}`,
} as const;
