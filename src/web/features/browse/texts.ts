import type { Category, SortOrder } from '../../../catalogue/index.ts';

// User-facing texts of the list pages and the product dialog, in one place. The placeholder and the
// sort options are docs/product.md's (Product lists), word for word ("No reviews" is the
// catalogue's NO_REVIEWS; the dialog's reviews section and its texts belong to features/reviews).
export const pageText: Record<Category, { title: string; intro: string }> = {
  keyboards: {
    title: 'Keyboards',
    intro:
      'Mechanical boards for every desk: full-size and tenkeyless, compact and ergonomic, wired for tournaments or wireless for a clean setup.',
  },
  switches: {
    title: 'Switches',
    intro:
      'Choose how every keystroke feels: a crisp tactile bump or a smooth linear press. Priced per switch, so you can mix and match.',
  },
  accessories: {
    title: 'Accessories',
    intro:
      'Stands, wrist rests, cables and tools that keep your setup comfortable, tidy and clean.',
  },
};

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

export const dialogText = {
  close: 'Close',
  colourLabel: 'Colour',
  addToCart: 'Add to Cart',
  added: (name: string, colour: string) => `Added ${name} (${colour}) to your cart`,
} as const;
