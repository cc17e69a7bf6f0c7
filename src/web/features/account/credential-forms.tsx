import { useState, type FormEvent } from 'react';
import type { User, UserAttributes } from '@supabase/auth-js';
import { useSessionStore } from '../../lib/session-react.tsx';
import { messageOf } from './errors.ts';
import { Notice, type NoticeValue } from './Notice.tsx';
import { SETTINGS_TEXT as T } from './texts.ts';

/** What one PUT /user answered: the user, or the auth error (with the server's code). */
export type UpdateResult =
  { user: User; error: null } | { user: null; error: { message: string; code?: string } };

/** Runs PUT /user through the page's auth client; a thrown failure comes back as an error. */
export function useUpdateUser() {
  const store = useSessionStore();
  return async (attributes: UserAttributes): Promise<UpdateResult> => {
    try {
      const { auth } = await store.backend();
      const { data, error } = await auth.updateUser(attributes, {
        emailRedirectTo: window.location.origin + window.location.pathname,
      });
      return error ? { user: null, error } : { user: data.user, error: null };
    } catch (thrown) {
      return { user: null, error: { message: messageOf(thrown) } };
    }
  };
}

/**
 * The email card (docs/product.md, Account settings). With secure email change the server only
 * records the new address as pending and mails it a link; the card says so and shows the pending
 * address until the link is followed.
 */
export function EmailForm({
  currentEmail,
  pendingEmail,
}: {
  currentEmail: string;
  pendingEmail: string | null;
}) {
  const update = useUpdateUser();
  const [value, setValue] = useState(currentEmail);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<NoticeValue>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const email = value.trim();
    setBusy(true);
    setNotice(null);
    const { user, error } = await update({ email });
    setBusy(false);
    if (error) {
      setNotice({ tone: 'error', text: T.emailError + error.message });
    } else if (user.new_email && user.email?.toLowerCase() !== email.toLowerCase()) {
      setNotice({ tone: 'success', text: T.emailSent(user.new_email) });
    } else {
      setNotice({ tone: 'success', text: T.emailOk });
    }
  };

  return (
    <section className="card settings-section" aria-labelledby="settings-email">
      <h2 id="settings-email">{T.emailHeading}</h2>
      {pendingEmail && <p className="settings-section__lead">{T.emailPending(pendingEmail)}</p>}
      <form className="settings-form" onSubmit={(event) => void onSubmit(event)}>
        <label className="field">
          {T.email}
          <input
            className="input"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={value}
            onChange={(event) => setValue(event.target.value)}
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
