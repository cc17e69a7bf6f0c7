// Every user-facing text of checkout and the Order Confirmation page (docs/product.md,
// Checkout and Order confirmation, word for word).
export const CHECKOUT_TEXT = {
  emptyCart: 'Your cart is empty.',
  logInFirst: 'Please log in to check out.',
  cartError: (message: string) => `Checkout Error: ${message}`,
  invalidPrice: (name: string) =>
    `Invalid or missing price for item: ${name}. Please check cart data.`,
  invalidQuantity: (name: string) => `Invalid or missing quantity for item: ${name}.`,
  // Ours: a line flagged in the cart as no longer sold (docs/product.md, Cart).
  unavailable: 'An item in your cart is no longer available. Remove it to check out.',
  redirectFailed: (message: string) => `Could not redirect to checkout: ${message}`,
  invalidData: (message: string) => `Checkout failed: Invalid data sent to Stripe. ${message}`,
  failed: (message: string) => `Checkout failed: ${message}`,
  noSession: 'Could not create Stripe session.',
  logCancelFailed: 'Could not end the cancelled checkout; its items are held until it expires:',
} as const;

export const CONFIRMATION_TEXT = {
  title: 'Order Confirmation',
  continueShopping: 'Continue Shopping',
  verifying: 'Verifying your order...',
  retrieving: 'Retrieving order details from Stripe...',
  saving: 'Order verified. Saving to your history...',
  savingWithWarning: 'Order verified, with a user check warning. Saving to your history...',
  notPaid: (status: string) =>
    `Session not found or payment not marked as paid (Status: ${status}). Please contact support if payment was made.`,
  noUser: 'Could not determine user ID for saving the order.',
  noItems: 'No items found in the retrieved Stripe session details.',
  saveFailed:
    'Order successful, but failed to save some items to your order history. Please check your history later.',
  partiallySaved: (saved: number, skipped: number) =>
    `Order successful! ${saved} items saved to your history. (${skipped} items skipped due to data issues).`,
  saved: 'Order successful! Your items have been saved to your order history.',
  // The sentence ends the message: one that ends in its own full stop does not get two.
  error: (message: string) =>
    `Error processing order: ${message.replace(/\.+$/, '')}. Please contact support if payment was completed.`,
  missingSession: 'Error: Checkout session ID not found. Redirecting...',
  unknownStatus: 'unknown',
  viewHistory: 'View Order History',
} as const;

/** The order summary under the success message (docs/product.md, Order confirmation). */
export const ORDER_SUMMARY_TEXT = {
  heading: (number: string) => `Order ${number}`,
  items: 'Items',
  product: 'Product',
  colour: 'Colour',
  quantity: 'Quantity',
  unitPrice: 'Unit price',
  lineTotal: 'Line total',
  shippingHeading: 'Shipping',
  method: 'Method',
  shipTo: 'Ship to',
  totalsHeading: 'Totals',
  subtotal: 'Subtotal',
  shipping: 'Shipping',
  free: 'Free',
  total: 'Total',
  /** "Discount (SPRING-20)": what the code took off. */
  discount: (code: string | null | undefined) => (code ? `Discount (${code})` : 'Discount'),
  /** Tax added on top: "Tax (Sales tax 7.25%)"; inside the prices: "Includes VAT 19%". */
  tax: (label: string | null | undefined, inclusive: boolean) =>
    inclusive ? `Includes ${label ?? 'tax'}` : label ? `Tax (${label})` : 'Tax',
  // What the order waits for (docs/decisions/0051-pre-orders-and-group-buys.md).
  preOrder: (name: string, from: string, to: string) =>
    `Pre-order: ${name} ships between ${from} and ${to}.`,
  groupBuy: (name: string, ends: string, from: string, to: string) =>
    `Group buy: ${name} — ends ${ends}; ships between ${from} and ${to} if it reaches its minimum.`,
  shipsWhenReady: (by: string) => `This order ships when its last item is ready, by about ${by}.`,
} as const;
