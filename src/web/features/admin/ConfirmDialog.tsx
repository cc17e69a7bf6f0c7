import { useId, type ReactNode } from 'react';
import { Dialog } from '../../components/Dialog.tsx';
import { ADMIN_TEXT as T } from './texts.ts';

interface ConfirmDialogProps {
  title: string;
  /** What the action does, and any choice that goes with it. */
  children: ReactNode;
  /** The confirming button's label, and the one that backs out. */
  confirm: string;
  dismiss: string;
  pending: boolean;
  /** The server's refusal, shown inside the dialog too (the page behind it is inert). */
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** The back office's "are you sure" for an action that cannot be undone (cancel, full refund). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const titleId = useId();
  return (
    <Dialog labelledBy={titleId} onClose={props.onClose} className="admin-dialog">
      <h2 id={titleId}>{props.title}</h2>
      {props.children}
      {props.error && (
        <p role="alert" className="admin-error">
          {props.error}
        </p>
      )}
      <div className="admin-form__buttons">
        <button
          type="button"
          className="button button--danger"
          aria-disabled={props.pending}
          onClick={props.onConfirm}
        >
          {props.pending ? T.working : props.confirm}
        </button>
        <button type="button" className="button button--ghost" onClick={props.onClose}>
          {props.dismiss}
        </button>
      </div>
    </Dialog>
  );
}
