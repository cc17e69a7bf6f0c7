import { CartPage } from '../cart/index.ts';
import { useCheckout } from './useCheckout.ts';

/** The Cart page with its Checkout button wired to checkout (the cart's onCheckout slot). */
export default function CartWithCheckout() {
  const { start, busy } = useCheckout();
  return <CartPage onCheckout={start} checkoutBusy={busy} />;
}
