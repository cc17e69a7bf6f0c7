/** Leaves the shop for the hosted checkout page (a full navigation, as Stripe asks: no Stripe.js). */
export function goToCheckoutPage(url: string): void {
  window.location.assign(url);
}
