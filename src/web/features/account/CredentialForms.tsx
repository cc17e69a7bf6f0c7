import { useState, type FormEvent } from 'react';
import { useSessionStore } from '../../lib/session-react.tsx';
import { messageOf } from './errors.ts';
import { Notice, type NoticeValue } from './Notice.tsx';
import { SETTINGS_TEXT as T } from './texts.ts';

type Update = { email: string } | { password: string };

/** Runs one PUT /user and turns its outcome into the spec's alert texts. */
function useUserUpdate(okText: string, errorPrefix: string) {
  const store = useSessionStore();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<NoticeValue>(null);
  const run = async (attributes: Update): Promise<boolean> => {
    setBusy(true);
    setNotice(null);
    try {
      const { auth } = await store.backend();
      const { error } = await auth.updateUser(attributes);
      setNotice(
        error
          ? { tone: 'error', text: errorPrefix + error.message }
          : { tone: 'success', text: okText },
      );
      return !error;
    } catch (thrown) {
      setNotice({ tone: 'error', text: errorPrefix + messageOf(thrown) });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, notice, run };
}

export function EmailForm({ currentEmail }: { currentEmail: string }) {
  const [email, setEmail] = useState(currentEmail);
  const { busy, notice, run } = useUserUpdate(T.emailOk, T.emailError);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) void run({ email: email.trim() });
  };

  return (
    <section className="card settings-section" aria-labelledby="settings-email">
      <h2 id="settings-email">{T.emailHeading}</h2>
      <form className="settings-form" onSubmit={onSubmit}>
        <label className="field">
          {T.email}
          <input
            className="input"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </label>
        <button className="button button--primary" type="submit" disabled={busy}>
          {busy ? T.busy : T.updateEmail}
        </button>
      </form>
      <Notice value={notice} />
    </section>
  );
}

export function PasswordForm() {
  const [password, setPassword] = useState('');
  const { busy, notice, run } = useUserUpdate(T.passwordOk, T.passwordError);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (await run({ password })) setPassword('');
  };

  return (
    <section className="card settings-section" aria-labelledby="settings-password">
      <h2 id="settings-password">{T.passwordHeading}</h2>
      <form className="settings-form" onSubmit={(event) => void onSubmit(event)}>
        <label className="field">
          {T.newPassword}
          <input
            className="input"
            type="password"
            name="newPassword"
            autoComplete="new-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        <button className="button button--primary" type="submit" disabled={busy}>
          {busy ? T.busy : T.updatePassword}
        </button>
      </form>
      <Notice value={notice} />
    </section>
  );
}
