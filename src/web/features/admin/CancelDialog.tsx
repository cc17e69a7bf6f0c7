import { useId } from 'react';
import { Dialog } from '../../components/Dialog.tsx';
import { formatPrice } from './format.ts';
import { ADMIN_TEXT as T } from './texts.ts';

interface CancelDialogProps {
  orderNumber: string;
  remainingCents: number;
  pending: boolean;
  /** The server's refusal, shown inside the dialog too (the page behind it is inert). */
  error: string | null;
  onClose: () => void;
  onConfirm: () => Promise<boolean>;
}

/** Asks before cancelling: the customer gets back what has not been refunded yet. */
export function CancelDialog({
  orderNumber,
  remainingCents,
  pending,
  error,
  onClose,
  onConfirm,
}: CancelDialogProps) {
  const titleId = useId();
  return (
    <Dialog labelledBy={titleId} onClose={onClose} className="admin-dialog">
      <h2 id={titleId}>{T.cancelTitle(orderNumber)}</h2>
      <p>
        {remainingCents > 0 ? T.cancelBody(formatPrice(remainingCents)) : T.cancelBodyNothingLeft}
      </p>
      {error && (
        <p role="alert" className="admin-error">
          {error}
        </p>
      )}
      <div className="admin-form__buttons">
        <button
          type="button"
          className="button button--danger"
          aria-disabled={pending}
          onClick={() => void onConfirm()}
        >
          {pending ? T.working : T.confirmCancel}
        </button>
        <button type="button" className="button button--ghost" onClick={onClose}>
          {T.keepOrder}
        </button>
      </div>
    </Dialog>
  );
}
