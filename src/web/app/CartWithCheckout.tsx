import { CartPage } from '../features/cart/index.ts';
import { useCancelledCheckout, useCheckout } from '../features/checkout/index.ts';

/**
 * The Cart page with its Checkout button wired to checkout (the cart's onCheckout slot), ending
 * the checkout the shopper cancelled on the payment page when they come back from it.
 */
function CartPageWithCheckout() {
  useCancelledCheckout();
  const { start, busy } = useCheckout();
  return <CartPage onCheckout={start} checkoutBusy={busy} />;
}

// The router preloads the cart page's own chunk with this one (lib/preloadable.tsx).
export const CartWithCheckout = Object.assign(CartPageWithCheckout, {
  preload: () => CartPage.preload(),
});
