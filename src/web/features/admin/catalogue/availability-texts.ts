// The editor's Availability section: in stock, pre-order or group buy
// (docs/decisions/0051-pre-orders-and-group-buys.md).

const units = (n: number) => (n === 1 ? '1 unit' : `${n.toLocaleString('en-US')} units`);
const orders = (n: number) => (n === 1 ? '1 unit paid for is' : `${units(n)} paid for are`);

export const AVAILABILITY_TEXT = {
  heading: 'Availability',
  intro:
    'How the shop sells this product. Saved on its own with Save availability: Save changes above does not save it.',
  loading: 'Loading the availability…',
  loadFailed: 'The availability could not be loaded.',
  retry: 'Try again',
  kind: 'Sold as',
  kinds: {
    in_stock: 'In stock',
    pre_order: 'Pre-order',
    group_buy: 'Group buy',
  },
  kindHints: {
    in_stock: 'Sold from the stock on hand.',
    pre_order: 'Sold now, shipped in an estimated window.',
    group_buy: 'Sold between a start and an end; made only if the minimum is reached.',
  },
  startsAt: 'Group buy starts',
  endsAt: 'Group buy ends',
  timeHint: 'In your own time zone.',
  moq: 'Minimum quantity (MOQ)',
  moqHint: 'The units that must be paid for by the end for the group buy to go ahead.',
  cap: 'Most units sold',
  capHint: 'Paid and held at checkout together. Leave empty for no limit.',
  shipsFrom: 'Ships from',
  shipsBy: 'Ships by',
  shipsHint: 'The estimated ship window buyers see on the product page and their order.',
  unitsUnit: 'units',
  save: 'Save availability',
  saving: 'Saving…',
  saved: {
    in_stock: 'Saved: sold from stock.',
    pre_order: 'Saved: sold as a pre-order.',
    group_buy: 'Saved: sold as a group buy.',
  },
  progress: (paid: number, held: number) =>
    `${paid.toLocaleString('en-US')} paid, ${held.toLocaleString('en-US')} in open checkouts`,
  moqProgress: (paid: number, moq: number) =>
    `${paid.toLocaleString('en-US')} of ${moq.toLocaleString('en-US')} minimum`,
  // Back to in stock while orders wait
  stockTitle: 'Sell it from stock again?',
  stockBody: (paid: number) =>
    `${orders(paid)} waiting. Those orders keep the ship dates they were sold with; new orders are sold from the stock on hand.`,
  stockConfirm: 'Yes, sell from stock',
  stockDismiss: 'Keep it as it is',
  errors: {
    summary: 'The availability was not saved: correct the fields marked below.',
    date: 'Enter a date.',
    dateTime: 'Enter a date and a time.',
    shipsBy: 'Enter a date on or after Ships from.',
    endsAt: 'Enter a time after the start.',
    shipsFrom: (earliest: string) =>
      `Enter ${earliest} or later: shipping starts once the group buy has ended.`,
    whole: 'Enter a whole number from 1 to 1,000,000.',
    capBelowMoq: 'Enter at least the minimum quantity, or leave it empty.',
    // The server's refusals
    checks: (message: string) => `The server refused these values: ${message}`,
    notStaff: 'Only staff can change a product’s availability.',
    gone: 'This product no longer exists: reload the page.',
    raced: 'Someone else set this product’s availability meanwhile: reload the page and try again.',
    network: 'The availability could not be saved: the server could not be reached.',
    failed: (message: string) => `The availability could not be saved: ${message}`,
    savedUnread: 'The availability was saved, but the answer could not be read: reload the page.',
  },
} as const;
