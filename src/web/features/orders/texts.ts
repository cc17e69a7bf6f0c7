// Every user-facing text of the Order History screen (docs/product.md, Order history).
export const ORDERS_TEXT = {
  title: 'Order History',
  loading: 'Loading your orders…',
  empty: 'You have no past orders.',
  loggedOut: 'You must be logged in to view your order history.',
  loginLink: 'Log in',
  failed: 'Your orders could not be loaded.',
  retry: 'Try again',
  orderPlaced: 'Order placed',
  total: 'Total',
  colour: 'Colour',
  quantity: 'Quantity',
  unitPrice: 'Unit price',
  ordersLabel: 'Orders',
  showMore: 'Show more orders',
  loadingMore: 'Loading more orders…',
  moreFailed: 'More orders could not be loaded.',
  shown: (count: number) => `Showing ${count} orders.`,
  allShown: (count: number) => `All ${count} of your orders are shown.`,
  orderNumber: 'Order',
  status: 'Status',
  statusLabels: {
    paid: 'Paid',
    shipped: 'Shipped',
    delivered: 'Delivered',
    cancelled: 'Cancelled',
    refunded: 'Refunded',
  },
  partiallyRefunded: 'Partially refunded',
  shippedWith: (carrier: string) => `Shipped with ${carrier}`,
  tracking: 'Tracking number',
  /** "Discount (SPRING-20)": what the code took off the order. */
  discount: (code: string | null) => (code ? `Discount (${code})` : 'Discount'),
  /** Tax added on top: "Tax (Sales tax 7.25%)"; inside the prices: "Includes VAT 19%". */
  tax: (label: string | null, inclusive: boolean) =>
    inclusive ? `Includes ${label ?? 'tax'}` : label ? `Tax (${label})` : 'Tax',
  // What the order waits for (docs/decisions/0051-pre-orders-and-group-buys.md).
  preOrder: (name: string, from: string, to: string) =>
    `Pre-order: ${name} ships between ${from} and ${to}.`,
  groupBuy: (name: string, ends: string, from: string, to: string) =>
    `Group buy: ${name} — ends ${ends}; ships between ${from} and ${to} if it reaches its minimum.`,
  shipsWhenReady: (by: string) => `This order ships when its last item is ready, by about ${by}.`,
  /** Logged with the error when the fetch fails (docs/product.md, Only logged). */
  logPrefix: 'Error fetching orders:',
} as const;
