import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link } from 'wouter';
import { useHashQuery, navigate } from '../../lib/hash-location.ts';
import { useSessionStore } from '../../lib/session-react.tsx';
import { cartStore } from '../../state/cart-store.ts';
import { createConfirmation } from './confirm-order.ts';
import { OrderSummary } from './OrderSummary.tsx';
import { CONFIRMATION_TEXT as T } from './texts.ts';
import './checkout.css';

/**
 * docs/product.md, Order confirmation: how long the page waits before leaving when there is no
 * session id.
 */
export const MISSING_SESSION_REDIRECT_MS = 3000;

/** #/orderSuccess?session_id=...: where the hosted checkout page sends the shopper back. */
export default function OrderConfirmationPage() {
  const [params] = useHashQuery();
  const sessionId = params.get('session_id');
  return (
    <div className="page container confirmation-page">
      <h1 tabIndex={-1}>{T.title}</h1>
      <div className="card confirmation-card">
        {sessionId ? <Confirmation key={sessionId} sessionId={sessionId} /> : <MissingSession />}
        <Link href="/" className="button button--primary">
          {T.continueShopping}
        </Link>
      </div>
    </div>
  );
}

function MissingSession() {
  useEffect(() => {
    const timer = window.setTimeout(() => navigate('/'), MISSING_SESSION_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <p role="status" className="confirmation-message confirmation-message--error">
      {T.missingSession}
    </p>
  );
}

function Confirmation({ sessionId }: { sessionId: string }) {
  const store = useSessionStore();
  // One per visit: StrictMode's second effect run finds it already started.
  const [confirmation] = useState(() =>
    createConfirmation(sessionId, {
      functions: () => store.backend().then((backend) => backend.functions),
      onSaved: () => cartStore.clear(),
    }),
  );
  useEffect(() => confirmation.start(), [confirmation]);
  const state = useSyncExternalStore(
    confirmation.subscribe,
    confirmation.getState,
    confirmation.getState,
  );
  const failed = state.done && state.outcome?.status !== 'saved';
  return (
    <>
      <p
        role="status"
        aria-busy={!state.done}
        className={`confirmation-message${failed ? ' confirmation-message--error' : ''}`}
      >
        {state.message}
      </p>
      {state.warning ? <p className="confirmation-warning">{state.warning}</p> : null}
      {state.done && state.outcome?.order ? <OrderSummary order={state.outcome.order} /> : null}
    </>
  );
}
