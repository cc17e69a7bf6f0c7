// Every text the hosted checkout page shows, in one place; tests assert them word for word.

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** Cents as the page and the API's messages show them: "$1,234.56". */
export const formatUsd = (cents: number): string => usd.format(cents / 100);

export const pageText = {
  banner: 'Test mode — payments sandbox, no real money',
  payWithCard: 'Pay with card',
  email: 'Email',
  cardNumber: 'Card number',
  expiry: 'Expiry (MM / YY)',
  cvc: 'CVC',
  cardholderName: 'Name on card',
  cardInformation: 'Card information',
  orderSummary: 'Order summary',
  quantity: (n: number) => `Qty ${n}`,
  each: (price: string) => `${price} each`,
  total: 'Total due',
  pay: (total: string) => `Pay ${total}`,
  totalChanged: (total: string) => `The total changed to ${total}. Check it, then pay.`,
  // A session discounted to nothing asks for no card (Stripe's no-cost orders).
  completeOrder: 'Complete order',
  yourDetails: 'Your details',
  noCardNeeded: 'Nothing to pay: no card is needed for this order.',
  cancel: (business: string) => `Cancel and return to ${business}`,
  testCardsHeading: 'Test cards',
  testCards: [
    ['4242 4242 4242 4242', 'pays'],
    ['4000 0000 0000 0002', 'is declined'],
    ['4000 0000 0000 9995', 'has insufficient funds'],
  ] as const,
  testCardsNote: 'Use any future expiry date, any 3-digit CVC and any name.',
  errorSummary: 'Please correct the fields marked below.',
  completeTitle: 'Payment complete',
  completeBody: 'This checkout session has already been paid. Nothing more will be charged.',
  expiredTitle: 'This checkout session has expired',
  expiredBody: 'It can no longer be paid. Go back and start checkout again.',
  notFoundTitle: 'Checkout session not found',
  notFoundBody: 'This link does not match any checkout session in this payments sandbox.',
  returnTo: (business: string) => `Return to ${business}`,
};

export const fieldErrors = {
  emailMissing: 'Enter your email address.',
  emailInvalid: 'Your email address is invalid.',
  cardMissing: 'Enter your card number.',
  cardIncomplete: 'Your card number is incomplete.',
  cardInvalid: 'Your card number is invalid.',
  expiryMissing: "Enter your card's expiry date.",
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryInvalid: "Your card's expiration month is invalid.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
  nameMissing: 'Enter the name on your card.',
};

export const declines = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  unsupported:
    'Your card was declined: this payments sandbox only accepts its test cards. Pay with 4242 4242 4242 4242.',
};

// The shipping part of the hosted page (sessions created with shipping).
export const shippingText = {
  addressHeading: 'Shipping address',
  fullName: 'Full name',
  line1: 'Address line 1',
  line2: 'Address line 2 (optional)',
  city: 'City',
  state: 'State or region',
  postalCode: 'Postal code',
  country: 'Country',
  methodHeading: 'Shipping method',
  subtotal: 'Subtotal',
  shipping: 'Shipping',
  estimate: (text: string) => `Arrives in ${text}`,
  totalChanged: (total: string) =>
    `Your shipping choice changed the total to ${total}. Check it, then pay.`,
};

// The order summary's promotion code and tax (sessions with allow_promotion_codes, a discount or
// automatic tax). A refused code's text comes from discounts.ts's refusalMessage.
export const codeText = {
  label: 'Promotion code',
  apply: 'Apply',
  remove: 'Remove',
  removeCode: (code: string) => ` promotion code ${code}`,
  missing: 'Enter a promotion code.',
  amount: (amount: string) => `−${amount}`,
};

export const taxText = {
  tax: 'Tax',
  pending: 'Calculated from your address',
  rate: (name: string, percentage: number) => `${name} (${percentage}%)`,
  included: (name: string, percentage: number) => `Includes ${name} (${percentage}%)`,
  totalChanged: (total: string) =>
    `Tax for your address changed the total to ${total}. Check it, then pay.`,
};

export const addressErrors = {
  nameMissing: 'Enter your full name.',
  line1Missing: 'Enter an address.',
  cityMissing: 'Enter a city.',
  stateMissing: 'Enter a state or region.',
  postalMissing: 'Enter a postal code.',
  postalInvalid: 'Your postal code is invalid.',
  countryInvalid: 'Choose a country from the list.',
  rateInvalid: 'Choose a shipping method.',
};
