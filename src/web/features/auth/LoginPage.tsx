import { useEffect, useId, useState, type FormEvent } from 'react';
import { Logo } from '../../components/art/logo.tsx';
import { useToast } from '../../components/toast/index.ts';
import { navigate } from '../../lib/hash-location.ts';
import { useSessionStore } from '../../lib/session-react.tsx';
import { messageOf } from './errors.ts';
import { AUTH_TEXT as T } from './texts.ts';
import '../../components/controls.css';
import './auth.css';

export function LoginPage() {
  const store = useSessionStore();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  // Start fetching the auth client while the shopper types.
  useEffect(() => {
    store.backend().catch(() => undefined);
  }, [store]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    setBusy(true);
    setError(null);
    try {
      const { auth } = await store.backend();
      const { error: signInError } = await auth.signInWithPassword({ email, password });
      if (signInError) {
        setError(signInError.message);
        return;
      }
      toast.show(T.loginOk, { tone: 'success' });
      navigate('/');
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
        <h1 tabIndex={-1}>{T.loginTitle}</h1>
        <p className="auth-card__lead">{T.loginLead}</p>
        <form
          className="auth-form"
          onSubmit={(event) => void onSubmit(event)}
          aria-describedby={error ? errorId : undefined}
        >
          <label className="field">
            {T.email}
            <input className="input" type="email" name="email" autoComplete="email" required />
          </label>
          <label className="field">
            {T.password}
            <input
              className="input"
              type="password"
              name="password"
              autoComplete="current-password"
              required
            />
          </label>
          {error && (
            <p id={errorId} className="auth-form__error" role="alert">
              {error}
            </p>
          )}
          <button className="button button--primary" type="submit" disabled={busy} aria-busy={busy}>
            {busy ? T.loginBusy : T.loginButton}
          </button>
        </form>
        <p className="auth-card__switch">
          <a href="#/signup">
            {T.noAccount} {T.signUpLink}
          </a>
        </p>
      </div>
    </div>
  );
}
