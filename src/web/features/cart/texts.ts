// User-facing texts of the cart, in one place (the first three are docs/product.md's, Cart, word
// for word).
export const cartText = {
  title: 'Your Cart',
  empty: 'Your cart is empty.',
  checkout: 'Checkout',
  emptyHint: 'Find a keyboard, a few switches or a tidy cable to fill it.',
  keepShopping: 'Keep shopping',
  linesLabel: 'Cart items',
  colour: (colour: string) => `Colour: ${colour}`,
  unitPrice: 'Price',
  quantity: (quantity: number) => `Quantity: ${quantity}`,
  decrease: (item: string) => `Decrease quantity of ${item}`,
  increase: (item: string) => `Increase quantity of ${item}`,
  remove: 'Remove',
  removeItem: (item: string) => `Remove ${item}`,
  subtotal: 'Subtotal',
  summaryLabel: 'Order summary',
  itemCount: (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`,
  checkoutBusy: 'Redirecting to checkout…',
  checkoutUnavailable: 'Checkout is not available yet. Your cart is saved on this device.',
} as const;
