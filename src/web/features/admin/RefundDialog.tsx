import { useId, useState } from 'react';
import { Dialog } from '../../components/Dialog.tsx';
import { ADMIN_TEXT as T } from './texts.ts';

interface RefundDialogProps {
  orderNumber: string;
  /** The amount, formatted: everything left of the order. */
  amount: string;
  pending: boolean;
  /** The server's refusal, shown inside the dialog too (the page behind it is inert). */
  error: string | null;
  onClose: () => void;
  onConfirm: (returnToStock: boolean) => void;
}

/** Asks before a full refund, saying the amount, and whether the items go back into stock. */
export function RefundDialog({
  orderNumber,
  amount,
  pending,
  error,
  onClose,
  onConfirm,
}: RefundDialogProps) {
  const titleId = useId();
  const stockId = useId();
  const [returnToStock, setReturnToStock] = useState(false);
  return (
    <Dialog labelledBy={titleId} onClose={onClose} className="admin-dialog">
      <h2 id={titleId}>{T.refundTitle(orderNumber)}</h2>
      <p>{T.refundBody(amount)}</p>
      <div className="admin-check">
        <input
          id={stockId}
          type="checkbox"
          checked={returnToStock}
          onChange={(event) => setReturnToStock(event.target.checked)}
        />
        <label htmlFor={stockId}>{T.returnToStock}</label>
      </div>
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
          onClick={() => {
            if (!pending) onConfirm(returnToStock);
          }}
        >
          {pending ? T.working : T.confirmFullRefund(amount)}
        </button>
        <button type="button" className="button button--ghost" onClick={onClose}>
          {T.keepRefund}
        </button>
      </div>
    </Dialog>
  );
}
