// The empty cart's texts: the first chunk draws the empty cart too (app/page-frames.tsx), so they
// stay apart from the rest of the cart's texts. Title and message are docs/product.md's, Cart,
// word for word.
export const emptyCartText = {
  title: 'Your Cart',
  empty: 'Your cart is empty.',
  emptyHint: 'Find a keyboard, a few switches or a tidy cable to fill it.',
  keepShopping: 'Keep shopping',
} as const;
