// Placeholder until the cart feature lands.
export function CartPage() {
  return null;
}
/** The number of items in the cart, for the nav badge. */
export function useCartCount(): number {
  return 0;
}
