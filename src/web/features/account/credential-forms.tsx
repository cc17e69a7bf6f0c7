import { useState, type FormEvent } from 'react';
import { useSessionStore } from '../../lib/session-react.tsx';
import { messageOf } from './errors.ts';
import { Notice, type NoticeValue } from './Notice.tsx';
import { SETTINGS_TEXT as T } from './texts.ts';

type Update = { email: string } | { password: string };

/**
 * Runs one PUT /user and turns its outcome into the alert texts of docs/product.md, Account
 * settings.
 */
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

interface UserUpdateFormProps {
  id: string;
  heading: string;
  label: string;
  input: { type: 'email' | 'password'; name: string; autoComplete: string };
  button: string;
  okText: string;
  errorPrefix: string;
  initial: string;
  /** The PUT /user attributes for what was typed. */
  attributes(value: string): Update;
  /** Empties the field after a successful update (a new password is not left on screen). */
  clearOnSuccess?: boolean;
}

/** One settings card: a heading, one field, its update button and the outcome's alert. */
function UserUpdateForm(props: UserUpdateFormProps) {
  const [value, setValue] = useState(props.initial);
  const { busy, notice, run } = useUserUpdate(props.okText, props.errorPrefix);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if ((await run(props.attributes(value))) && props.clearOnSuccess) setValue('');
  };

  return (
    <section className="card settings-section" aria-labelledby={props.id}>
      <h2 id={props.id}>{props.heading}</h2>
      <form className="settings-form" onSubmit={(event) => void onSubmit(event)}>
        <label className="field">
          {props.label}
          <input
            className="input"
            {...props.input}
            required
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        </label>
        <button className="button button--primary" type="submit" disabled={busy}>
          {busy ? T.busy : props.button}
        </button>
      </form>
      <Notice value={notice} />
    </section>
  );
}

export function EmailForm({ currentEmail }: { currentEmail: string }) {
  return (
    <UserUpdateForm
      id="settings-email"
      heading={T.emailHeading}
      label={T.email}
      input={{ type: 'email', name: 'email', autoComplete: 'email' }}
      button={T.updateEmail}
      okText={T.emailOk}
      errorPrefix={T.emailError}
      initial={currentEmail}
      attributes={(email) => ({ email: email.trim() })}
    />
  );
}

export function PasswordForm() {
  return (
    <UserUpdateForm
      id="settings-password"
      heading={T.passwordHeading}
      label={T.newPassword}
      input={{ type: 'password', name: 'newPassword', autoComplete: 'new-password' }}
      button={T.updatePassword}
      okText={T.passwordOk}
      errorPrefix={T.passwordError}
      initial=""
      attributes={(password) => ({ password })}
      clearOnSuccess
    />
  );
}
