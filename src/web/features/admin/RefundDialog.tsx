import { useId, useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { ADMIN_TEXT as T } from './texts.ts';

interface RefundDialogProps {
  orderNumber: string;
  /** The amount, formatted: everything left of the order. */
  amount: string;
  /** The tax in it, formatted; null when the order has none. */
  tax: string | null;
  pending: boolean;
  /** The server's refusal, shown inside the dialog too (the page behind it is inert). */
  error: string | null;
  onClose: () => void;
  onConfirm: (returnToStock: boolean) => void;
}

/** Asks before a full refund, saying the amount, and whether the items go back into stock. */
export function RefundDialog({ orderNumber, amount, tax, onConfirm, ...rest }: RefundDialogProps) {
  const stockId = useId();
  const [returnToStock, setReturnToStock] = useState(false);
  return (
    <ConfirmDialog
      title={T.refundTitle(orderNumber)}
      confirm={T.confirmFullRefund(amount)}
      dismiss={T.keepRefund}
      onConfirm={() => {
        if (!rest.pending) onConfirm(returnToStock);
      }}
      {...rest}
    >
      <p>{T.refundBody(amount)}</p>
      {tax ? <p>{T.refundTax(tax)}</p> : null}
      <div className="admin-check">
        <input
          id={stockId}
          type="checkbox"
          checked={returnToStock}
          onChange={(event) => setReturnToStock(event.target.checked)}
        />
        <label htmlFor={stockId}>{T.returnToStock}</label>
      </div>
    </ConfirmDialog>
  );
}
