// The Login and Sign Up screens are one card with an email/password form; they differ only in
// their texts, a confirm field, the auth call and where a success leads.
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Logo } from '../../components/art/Logo.tsx';
import { useSessionStore } from '../../lib/session-react.tsx';
import type { Backend } from '../../lib/supabase.ts';
import { messageOf, type AuthErrorLike } from './errors.ts';
import { AUTH_TEXT as T } from './texts.ts';
import '../../components/controls.css';
import './auth.css';

export interface Credentials {
  email: string;
  password: string;
}

interface CredentialsPageProps<R extends SubmitResult> {
  title: string;
  lead: string;
  button: string;
  busyButton: string;
  passwordAutoComplete: 'current-password' | 'new-password';
  /** Adds "Confirm password"; a mismatch is refused before anything is sent. */
  confirm?: boolean;
  /** The auth call; its error's message is shown under the form. */
  submit(backend: Backend, credentials: Credentials): Promise<R>;
  onSuccess(result: R, credentials: Credentials): void;
  /**
   * The alert's text for an error (default: the server's message), and what to offer under it
   * (e.g. "Resend confirmation email").
   */
  explain?(error: AuthErrorLike, credentials: Credentials): { text: string; offer?: ReactNode };
  /** Under the form, above the footer (e.g. "Forgot password?"). */
  extra?: ReactNode;
  /** The line under the card linking to the other screen. */
  footer: ReactNode;
}

type SubmitResult = { error: AuthErrorLike | null };
type Shown = { text: string; offer?: ReactNode };

export function CredentialsPage<R extends SubmitResult>(props: CredentialsPageProps<R>) {
  const { submit, onSuccess, explain } = props;
  const store = useSessionStore();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Shown | null>(null);
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
      setError({ text: T.passwordsDiffer });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const backend = await store.backend();
      const credentials = { email, password };
      const result = await submit(backend, credentials);
      if (result.error) {
        setError(explain?.(result.error, credentials) ?? { text: result.error.message });
        return;
      }
      onSuccess(result, credentials);
    } catch (thrown) {
      setError({ text: messageOf(thrown) });
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
              {error.text}
            </p>
          )}
          <button className="button button--primary" type="submit" disabled={busy} aria-busy={busy}>
            {busy ? props.busyButton : props.button}
          </button>
        </form>
        {error?.offer}
        {props.extra}
        <p className="auth-card__switch">{props.footer}</p>
      </div>
    </div>
  );
}
