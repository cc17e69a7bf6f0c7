import { useId, useState } from 'react';
import { Dialog } from '../../components/Dialog.tsx';
import { useToast } from '../../components/toast/index.ts';
import { navigate } from '../../lib/hash-location.ts';
import { useSessionStore } from '../../lib/session-react.tsx';
import { messageOf } from './errors.ts';
import { Notice, type NoticeValue } from './Notice.tsx';
import { SETTINGS_TEXT as T } from './texts.ts';

/**
 * The red button, its confirmation (docs/product.md, Account settings) and the delete_user call.
 */
export function DeleteAccount() {
  const store = useSessionStore();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<NoticeValue>(null);
  const titleId = useId();

  const deleteAccount = async () => {
    setBusy(true);
    setNotice(null);
    try {
      const { db } = await store.backend();
      const { error } = await db.rpc('delete_user');
      if (error) throw new Error(error.message);
    } catch (thrown) {
      setBusy(false);
      setConfirming(false);
      setNotice({ tone: 'error', text: T.deleteError + messageOf(thrown) });
      return;
    }
    toast.show(T.deleted, { tone: 'success' });
    // The account is gone, so the server refuses the sign-out; the client then clears the session.
    await store.signOut();
    navigate('/signup');
  };

  return (
    <section
      className="card settings-section settings-section--danger"
      aria-labelledby="settings-delete"
    >
      <h2 id="settings-delete">{T.dangerHeading}</h2>
      <p className="settings-section__lead">{T.dangerLead}</p>
      <button
        className="button button--danger"
        type="button"
        onClick={() => setConfirming(true)}
        disabled={busy}
      >
        {T.deleteAccount}
      </button>
      <Notice value={notice} />
      {confirming && (
        <Dialog
          labelledBy={titleId}
          onClose={() => !busy && setConfirming(false)}
          className="confirm-dialog"
        >
          <h2 id={titleId}>{T.confirmTitle}</h2>
          <p>{T.confirmQuestion}</p>
          <p>{T.ordersKept}</p>
          <div className="confirm-dialog__actions">
            <button
              className="button"
              type="button"
              onClick={() => setConfirming(false)}
              disabled={busy}
            >
              {T.cancel}
            </button>
            <button
              className="button button--danger"
              type="button"
              onClick={() => void deleteAccount()}
              disabled={busy}
            >
              {busy ? T.deleting : T.confirmDelete}
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}
