import { CartPage } from '../features/cart/index.ts';
import { useCheckout } from '../features/checkout/index.ts';

/** The Cart page with its Checkout button wired to checkout (the cart's onCheckout slot). */
export function CartWithCheckout() {
  const { start, busy } = useCheckout();
  return <CartPage onCheckout={start} checkoutBusy={busy} />;
}
