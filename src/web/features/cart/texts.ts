import { emptyCartText } from './empty-cart-text.ts';

// User-facing texts of the cart, in one place (Checkout is docs/product.md's, Cart, word for word;
// the empty cart's are in empty-cart-text.ts).
export const cartText = {
  ...emptyCartText,
  checkout: 'Checkout',
  linesLabel: 'Cart items',
  colour: (colour: string) => `Colour: ${colour}`,
  unitPrice: 'Unit price',
  quantityOf: (item: string) => `of ${item}`,
  lineTotal: 'Line total',
  // A line the shop no longer sells stays in the cart, flagged (docs/product.md, Cart).
  productGone: 'No longer available: remove this item to check out.',
  colourGone: 'This colour is no longer available: remove this item to check out.',
  goneName: 'Item no longer sold',
  // The price staff changed since the line was added: checkout charges the new one.
  priceChanged: (then: string, now: string) =>
    `The price changed since you added this: it was ${then}, it is now ${now}.`,
  droppedLines: (count: number) =>
    count === 1
      ? '1 item in your saved cart is no longer available and was removed.'
      : `${count} items in your saved cart are no longer available and were removed.`,
  decrease: (item: string) => `Decrease quantity of ${item}`,
  increase: (item: string) => `Increase quantity of ${item}`,
  remove: 'Remove',
  removeItem: (item: string) => `Remove ${item}`,
  subtotal: 'Subtotal',
  summaryLabel: 'Order summary',
  itemCount: (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`,
  checkoutBusy: 'Redirecting to checkout…',
  checkoutUnavailable: 'Checkout is not available yet. Your cart is saved on this device.',
  // Pre-orders and group buys (docs/decisions/0051-pre-orders-and-group-buys.md); windows and
  // dates come written (lib/ship-dates.ts).
  preOrder: (window: string) => `Pre-order: ships ${window}`,
  groupBuy: (ends: string, window: string) =>
    `Group buy: ends ${ends}, ships ${window} if it reaches its minimum`,
  // A cart mixing in-stock items with ones that wait is one order, shipped once.
  shipTogether: (by: string) =>
    `Ship everything together when the last item is ready (by about ${by})`,
  shipTogetherWhy:
    'Your cart mixes items in stock with pre-orders or group buys, and one order ships all at once. To get the in-stock items sooner, check them out on their own first.',
  shipTogetherFirst: 'To check out, agree to ship everything together.',
} as const;

// A line asking for more than is left (docs/product.md, Stock).
export const shortageText = {
  soldOut: 'Sold out: remove this item to check out.',
  onlyLeft: (left: number) => `Only ${left} left: lower the quantity to check out.`,
} as const;
