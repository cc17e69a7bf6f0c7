import { ConfirmDialog } from './ConfirmDialog.tsx';
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
  onConfirm,
  ...rest
}: CancelDialogProps) {
  return (
    <ConfirmDialog
      title={T.cancelTitle(orderNumber)}
      confirm={T.confirmCancel}
      dismiss={T.keepOrder}
      onConfirm={() => void onConfirm()}
      {...rest}
    >
      <p>
        {remainingCents > 0 ? T.cancelBody(formatPrice(remainingCents)) : T.cancelBodyNothingLeft}
      </p>
    </ConfirmDialog>
  );
}
