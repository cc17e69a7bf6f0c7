// The Login and Sign Up screens are one card with an email/password form; they differ only in
// their texts, a confirm field, the auth call and where a success leads.
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Logo } from '../../components/art/Logo.tsx';
import { useSessionStore } from '../../lib/session-react.tsx';
import type { Backend } from '../../lib/supabase.ts';
import { messageOf } from './errors.ts';
import { AUTH_TEXT as T } from './texts.ts';
import '../../components/controls.css';
import './auth.css';

export interface Credentials {
  email: string;
  password: string;
}

interface CredentialsPageProps {
  title: string;
  lead: string;
  button: string;
  busyButton: string;
  passwordAutoComplete: 'current-password' | 'new-password';
  /** Adds "Confirm password"; a mismatch is refused before anything is sent. */
  confirm?: boolean;
  /** The auth call; its error's message is shown under the form. */
  submit(
    auth: Backend['auth'],
    credentials: Credentials,
  ): Promise<{ error: { message: string } | null }>;
  onSuccess(): void;
  /** The line under the card linking to the other screen. */
  footer: ReactNode;
}

export function CredentialsPage(props: CredentialsPageProps) {
  const { submit, onSuccess } = props;
  const store = useSessionStore();
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
    if (props.confirm && password !== String(form.get('confirmPassword') ?? '')) {
      setError(T.passwordsDiffer);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { auth } = await store.backend();
      const { error: authError } = await submit(auth, { email, password });
      if (authError) {
        setError(authError.message);
        return;
      }
      onSuccess();
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
        <h1 tabIndex={-1}>{props.title}</h1>
        <p className="auth-card__lead">{props.lead}</p>
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
              autoComplete={props.passwordAutoComplete}
              required
            />
          </label>
          {props.confirm && (
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
          )}
          {error && (
            <p id={errorId} className="auth-form__error" role="alert">
              {error}
            </p>
          )}
          <button className="button button--primary" type="submit" disabled={busy} aria-busy={busy}>
            {busy ? props.busyButton : props.button}
          </button>
        </form>
        <p className="auth-card__switch">{props.footer}</p>
      </div>
    </div>
  );
}
