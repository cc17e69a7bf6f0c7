// #/forgotPassword: asks for an email and has the server mail a reset link (docs/product.md,
// Password reset and email links). The answer is the same whether or not the address has an
// account.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Logo } from '../../components/art/Logo.tsx';
import { useSessionStore } from '../../lib/session-react.tsx';
import { authMessage, messageOf } from './errors.ts';
import { shopUrl } from './shop-url.ts';
import { AUTH_TEXT as T } from './texts.ts';
import '../../components/controls.css';
import './auth.css';

export function ForgotPasswordPage() {
  const store = useSessionStore();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const errorId = useId();
  const status = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    store.backend().catch(() => undefined);
  }, [store]);

  // Back to the page from elsewhere (the mailbox, in the same tab) restores it from the browser's
  // back/forward cache as it was left: show the form again, as a route change back to it does
  // (the shell mounts the page afresh), so another link can be asked for.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setSent(false);
      setError(null);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  // The form is replaced by the answer: move focus there so it is read out and kept.
  useEffect(() => {
    if (sent) status.current?.focus();
  }, [sent]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setBusy(true);
    setError(null);
    try {
      const { auth } = await store.backend();
      const { error: authError } = await auth.resetPasswordForEmail(email, {
        redirectTo: shopUrl(),
      });
      if (authError) setError(authMessage(authError));
      else setSent(true);
    } catch (thrown) {
      setError(messageOf(thrown));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="page container auth-page">
      <div className="card auth-card">
        <Logo className="auth-card__logo" />
        <h1 tabIndex={-1}>{T.forgotTitle}</h1>
        {sent ? (
          <div className="auth-card__sent">
            <p ref={status} tabIndex={-1} role="status" className="auth-card__message">
              {T.forgotSent}
            </p>
            <p className="auth-card__lead">{T.forgotSentHint}</p>
          </div>
        ) : (
          <>
            <p className="auth-card__lead">{T.forgotLead}</p>
            <form
              className="auth-form"
              onSubmit={(event) => void onSubmit(event)}
              aria-describedby={error ? errorId : undefined}
            >
              <label className="field">
                {T.email}
                <input className="input" type="email" name="email" autoComplete="email" required />
              </label>
              {error && (
                <p id={errorId} className="auth-form__error" role="alert">
                  {error}
                </p>
              )}
              <button
                className="button button--primary"
                type="submit"
                disabled={busy}
                aria-busy={busy}
              >
                {busy ? T.forgotBusy : T.forgotButton}
              </button>
            </form>
          </>
        )}
        <p className="auth-card__switch">
          {T.rememberedIt} <a href="#/login">{T.loginLink}</a>
        </p>
      </div>
    </div>
  );
}
