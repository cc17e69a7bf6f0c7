import { useCallback, useEffect, useRef, useState } from 'react';
import type { Catalogue } from '../../../catalogue/index.ts';
import { useToast } from '../../components/toast/index.ts';
import { navigate } from '../../lib/hash-location.ts';
import { loginReturningTo } from '../../lib/return-to.ts';
import { useSessionStore } from '../../lib/session-react.tsx';
import { cartStore } from '../../state/cart-store.ts';
import { goToCheckoutPage } from './redirect.ts';
import { cartProblem, requestCheckout } from './start-checkout.ts';
import { CHECKOUT_TEXT as T } from './texts.ts';

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The Checkout button's handler (docs/product.md, Checkout): checks the cart against the catalogue
 * the cart page shows and the login, asks the server for a Checkout Session and sends the browser
 * to its hosted page. `busy` is true from the click until an alert is shown or the browser leaves.
 */
export function useCheckout(): {
  start: (catalogue: Catalogue, choices?: { shipTogether: boolean }) => void;
  busy: boolean;
} {
  const store = useSessionStore();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  // Back from the hosted page through the back/forward cache: the button works again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      running.current = false;
      setBusy(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const start = useCallback(
    (catalogue: Catalogue, { shipTogether = false } = {}) => {
      if (running.current) return;
      const lines = cartStore.getSnapshot();
      if (lines.length === 0) {
        toast.show(T.emptyCart, { tone: 'error' });
        return;
      }
      running.current = true;
      setBusy(true);
      const alert = (message: string) => toast.show(message, { tone: 'error' });
      void (async () => {
        let leaving = false;
        try {
          const backend = await store.backend();
          const { data } = await backend.auth.getSession();
          if (!data.session) {
            alert(T.logInFirst);
            navigate(loginReturningTo('/cart'));
            return;
          }
          const problem = cartProblem(lines, catalogue);
          if (problem) {
            alert(problem);
            return;
          }
          const step = await requestCheckout(backend.functions, lines, catalogue, shipTogether);
          if (step.kind === 'login') {
            alert(step.message);
            navigate(loginReturningTo('/cart'));
          } else if (step.kind === 'alert') {
            alert(step.message);
          } else {
            try {
              goToCheckoutPage(step.url);
              leaving = true;
            } catch (error) {
              alert(T.redirectFailed(messageOf(error)));
            }
          }
        } catch (error) {
          alert(T.failed(messageOf(error)));
        } finally {
          if (!leaving) {
            running.current = false;
            setBusy(false);
          }
        }
      })();
    },
    [store, toast],
  );

  return { start, busy };
}
