// #/resetPassword: the new password for a shopper who followed a reset link (docs/product.md,
// Password reset and email links). The link already signed them in with a recovery session;
// saving keeps them in.
import { useId, useState, type FormEvent } from 'react';
import { Logo } from '../../components/art/Logo.tsx';
import { useToast } from '../../components/toast/index.ts';
import { navigate } from '../../lib/hash-location.ts';
import { useSession, useSessionStore } from '../../lib/session-react.tsx';
import { authMessage, messageOf } from './errors.ts';
import { endRecovery, isRecovering } from './recovery.ts';
import { AUTH_TEXT as T } from './texts.ts';
import '../../components/controls.css';
import './auth.css';

function NewPasswordForm({ email }: { email: string }) {
  const store = useSessionStore();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    if (password !== String(form.get('confirmPassword') ?? '')) {
      setError(T.passwordsDiffer);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { auth } = await store.backend();
      const { error: authError } = await auth.updateUser({ password });
      if (authError) {
        setError(authMessage(authError));
        return;
      }
      endRecovery();
      toast.show(T.resetOk, { tone: 'success' });
      navigate('/');
    } catch (thrown) {
      setError(messageOf(thrown));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <p className="auth-card__lead">{T.resetLead(email)}</p>
      <form
        className="auth-form"
        onSubmit={(event) => void onSubmit(event)}
        aria-describedby={error ? errorId : undefined}
      >
        {/* Lets password managers store the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <label className="field">
          {T.newPassword}
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
          {busy ? T.resetBusy : T.resetButton}
        </button>
      </form>
    </>
  );
}

export function ResetPasswordPage() {
  const { status, user } = useSession();
  const recovering = status === 'signedIn' && user !== null && isRecovering(user.id);
  return (
    <div className="page container auth-page">
      <div className="card auth-card">
        <Logo className="auth-card__logo" />
        <h1 tabIndex={-1}>{T.resetTitle}</h1>
        {status === 'loading' ? (
          <p role="status">{T.checking}</p>
        ) : recovering ? (
          <NewPasswordForm email={user.email ?? ''} />
        ) : (
          <>
            <p>{T.resetNeedsLink}</p>
            <p>
              <a className="button button--primary" href="#/forgotPassword">
                {T.requestLink}
              </a>
            </p>
          </>
        )}
      </div>
    </div>
  );
}
