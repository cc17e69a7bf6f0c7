import { useEffect, useId, useState, type FormEvent } from 'react';
import { Logo } from '../../components/art/logo.tsx';
import { useToast } from '../../components/toast/index.ts';
import { navigate } from '../../lib/hash-location.ts';
import { useSessionStore } from '../../lib/session-react.tsx';
import { messageOf } from './errors.ts';
import { AUTH_TEXT as T } from './texts.ts';
import '../../components/controls.css';
import './auth.css';

export function SignUpPage() {
  const store = useSessionStore();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  useEffect(() => {
    store.backend().catch(() => undefined);
  }, [store]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    if (password !== String(form.get('confirmPassword') ?? '')) {
      setError(T.passwordsDiffer);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { auth } = await store.backend();
      const { error: signUpError } = await auth.signUp({ email, password });
      if (signUpError) {
        setError(signUpError.message);
        return;
      }
      toast.show(T.signUpOk, { tone: 'success' });
      navigate('/login');
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
        <h1 tabIndex={-1}>{T.signUpTitle}</h1>
        <p className="auth-card__lead">{T.signUpLead}</p>
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
              autoComplete="new-password"
              required
            />
          </label>
          <label className="field">
            {T.confirmPassword}
            <input
              className="input"
              type="password"
              name="confirmPassword"
              autoComplete="new-password"
              required
            />
          </label>
          {error && (
            <p id={errorId} className="auth-form__error" role="alert">
              {error}
            </p>
          )}
          <button className="button button--primary" type="submit" disabled={busy} aria-busy={busy}>
            {busy ? T.signUpBusy : T.signUpButton}
          </button>
        </form>
        <p className="auth-card__switch">
          {T.haveAccount} <a href="#/login">{T.loginLink}</a>
        </p>
      </div>
    </div>
  );
}
