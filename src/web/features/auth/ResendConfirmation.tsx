// "Resend confirmation email": offered by the login page when the server says the email is not
// confirmed, and by the sign-up page's "Check your email" (docs/product.md, Password reset and
// email links).
import { useState } from 'react';
import { useSessionStore } from '../../lib/session-react.tsx';
import { authMessage, messageOf } from './errors.ts';
import { shopUrl } from './shop-url.ts';
import { AUTH_TEXT as T } from './texts.ts';

type Outcome = { tone: 'success' | 'error'; text: string } | null;

export function ResendConfirmation({ email }: { email: string }) {
  const store = useSessionStore();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function resend() {
    if (busy) return;
    setBusy(true);
    setOutcome(null);
    try {
      const { auth } = await store.backend();
      const { error } = await auth.resend({
        type: 'signup',
        email,
        options: { emailRedirectTo: shopUrl() },
      });
      setOutcome(
        error
          ? { tone: 'error', text: authMessage(error) }
          : { tone: 'success', text: T.resent(email) },
      );
    } catch (thrown) {
      setOutcome({ tone: 'error', text: messageOf(thrown) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="auth-offer">
      <button
        className="button"
        type="button"
        onClick={() => void resend()}
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? T.resendBusy : T.resend}
      </button>
      {/* Mounted from the start so what appears in it is announced. */}
      <p className="auth-offer__status" role="status">
        {outcome?.tone === 'success' ? outcome.text : null}
      </p>
      {outcome?.tone === 'error' && (
        <p className="auth-form__error" role="alert">
          {outcome.text}
        </p>
      )}
    </div>
  );
}
