// The password card (docs/product.md, Account settings). A session older than the server allows
// for a password change gets 400 reauthentication_needed: the card then has the server mail a
// code to the shopper's address (GET /reauthenticate) and sends the password again with it.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSessionStore } from '../../lib/session-react.tsx';
import { useUpdateUser } from './credential-forms.tsx';
import { messageOf } from './errors.ts';
import { Notice, type NoticeValue } from './Notice.tsx';
import { SETTINGS_TEXT as T } from './texts.ts';

export function PasswordForm({ email }: { email: string }) {
  const store = useSessionStore();
  const update = useUpdateUser();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  // Set once the server has asked for a code: the code field shows and the next submit sends it.
  const [askingCode, setAskingCode] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<NoticeValue>(null);
  const codeField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (askingCode) codeField.current?.focus();
  }, [askingCode]);

  const sendCode = async (): Promise<void> => {
    try {
      const { auth } = await store.backend();
      const { error } = await auth.reauthenticate();
      if (error) {
        setNotice({ tone: 'error', text: T.passwordError + error.message });
        return;
      }
      setCode('');
      setAskingCode(true);
      setNotice({ tone: 'success', text: T.codeSent(email) });
    } catch (thrown) {
      setNotice({ tone: 'error', text: T.passwordError + messageOf(thrown) });
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setNotice(null);
    const nonce = askingCode ? code.trim() : undefined;
    const { error } = await update(nonce ? { password, nonce } : { password });
    if (!error) {
      setPassword('');
      setCode('');
      setAskingCode(false);
      setNotice({ tone: 'success', text: T.passwordOk });
    } else if (error.code === 'reauthentication_needed') {
      await sendCode();
    } else if (error.code === 'reauthentication_not_valid') {
      setNotice({ tone: 'error', text: T.codeInvalid });
    } else {
      setNotice({ tone: 'error', text: T.passwordError + error.message });
    }
    setBusy(false);
  };

  const resend = async () => {
    if (busy) return;
    setBusy(true);
    setNotice(null);
    await sendCode();
    setBusy(false);
  };

  const cancel = () => {
    setAskingCode(false);
    setCode('');
    setNotice(null);
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
        {askingCode && (
          <label className="field">
            {T.code}
            <input
              ref={codeField}
              className="input"
              type="text"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          </label>
        )}
        <div className="settings-form__actions">
          <button className="button button--primary" type="submit" disabled={busy}>
            {busy ? T.busy : askingCode ? T.confirmPassword : T.updatePassword}
          </button>
          {askingCode && (
            <>
              <button
                className="button"
                type="button"
                disabled={busy}
                onClick={() => void resend()}
              >
                {T.newCode}
              </button>
              <button className="button" type="button" disabled={busy} onClick={cancel}>
                {T.cancel}
              </button>
            </>
          )}
        </div>
      </form>
      <Notice value={notice} />
    </section>
  );
}
