import { useEffect, useRef } from 'react';
import { cancelCheckoutFunction } from '../../../contracts/functions/cancel-checkout.ts';
import { callFunction } from '../../lib/functions.ts';
import { navigate, useHashQuery } from '../../lib/hash-location.ts';
import { useSessionStore } from '../../lib/session-react.tsx';
import { availabilityStore } from '../../state/availability-store.ts';
import { stockStore } from '../../state/stock-store.ts';
import { CHECKOUT_TEXT as T } from './texts.ts';

/**
 * Back on the cart from the payment page's "Cancel" (`#/cart?checkout=cancelled`, the session's
 * cancel_url): the shopper's open checkout ends at once (cancel-checkout), so its units are on
 * sale again for them and everyone else, and the cart's stock is read afresh. The query goes, so
 * a reload does not ask again. A failure is only logged: the hold then lapses with its session.
 */
export function useCancelledCheckout(): void {
  const store = useSessionStore();
  const [query] = useHashQuery();
  const cancelled = query.get('checkout') === 'cancelled';
  // Once per visit, StrictMode's second run of the effect included.
  const asked = useRef(false);

  useEffect(() => {
    if (!cancelled || asked.current) return;
    asked.current = true;
    navigate('/cart', { replace: true });
    void (async () => {
      try {
        const backend = await store.backend();
        const { data } = await backend.auth.getSession();
        if (!data.session) return;
        const result = await callFunction(backend.functions, cancelCheckoutFunction, {});
        if (!result.ok) throw new Error(result.message);
        // Its held units count against a pre-order's or group buy's cap too.
        stockStore.invalidate();
        availabilityStore.invalidate();
        await Promise.all([
          stockStore.load(() => store.publicData()),
          availabilityStore.load(() => store.publicData()),
        ]);
      } catch (error) {
        console.warn(T.logCancelFailed, error);
      }
    })();
  }, [cancelled, store]);
}
