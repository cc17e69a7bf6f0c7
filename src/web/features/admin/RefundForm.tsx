import { useId, useRef, useState, type FormEvent } from 'react';
import { taxShareOf } from '../../../contracts/order-tax.ts';
import { centsToInput, dollarsToCents, formatPrice } from './format.ts';
import { RefundDialog } from './RefundDialog.tsx';
import { ADMIN_TEXT as T } from './texts.ts';

interface RefundFormProps {
  orderNumber: string;
  /** What can still be refunded: the order's total less its refunds. */
  remainingCents: number;
  /** The order's tax and total: a refund returns tax in proportion (taxShareOf). */
  taxBasis: { tax_cents: number; total_cents: number };
  pending: boolean;
  /** The server's refusal, repeated in the full refund's dialog. */
  error: string | null;
  onCancel: () => void;
  onSubmit: (amountCents: number, returnToStock: boolean) => Promise<boolean>;
}

/**
 * A refund in dollars, from $0.01 up to what is left; the whole remainder by default. A full
 * refund is confirmed in a dialog, which offers to return the items to stock. Both say how much of
 * the amount is tax, when the order has any.
 */
export function RefundForm(props: RefundFormProps) {
  const {
    orderNumber,
    remainingCents,
    taxBasis,
    pending,
    error: refusal,
    onCancel,
    onSubmit,
  } = props;
  const id = useId();
  const [text, setText] = useState(() => centsToInput(remainingCents));
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const remaining = formatPrice(remainingCents);
  const cents = dollarsToCents(text);
  const valid = cents !== null && cents >= 1 && cents <= remainingCents;
  const taxIn = (amount: number) => {
    const tax = taxShareOf(amount, taxBasis);
    return tax > 0 ? formatPrice(tax) : null;
  };
  const tax = valid ? taxIn(cents) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!valid) {
      setError(T.refundInvalid(remaining));
      input.current?.focus();
      return;
    }
    setError(null);
    if (cents === remainingCents) setConfirming(true);
    else void onSubmit(cents, false);
  };

  return (
    <>
      <form className="admin-form card" onSubmit={submit} noValidate aria-label={T.refund}>
        <div className="field">
          <label htmlFor={`${id}-amount`}>{T.refundAmount}</label>
          <input
            ref={input}
            id={`${id}-amount`}
            className="input"
            inputMode="decimal"
            autoComplete="off"
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            onChange={(event) => setText(event.target.value)}
          />
          <span id={`${id}-hint`} className="admin-hint">
            {T.refundHint(remaining)}{' '}
            {valid ? (cents === remainingCents ? T.refundFull : T.refundPartial) : ''}
            {tax ? ` (${T.includesTax(tax)})` : ''}
          </span>
          {error && (
            <span id={`${id}-error`} className="admin-error">
              {error}
            </span>
          )}
        </div>
        <div className="admin-form__buttons">
          <button type="submit" className="button" aria-disabled={pending}>
            {valid ? T.confirmRefund(formatPrice(cents)) : T.refund}
          </button>
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {T.cancel}
          </button>
        </div>
      </form>
      {confirming && (
        <RefundDialog
          orderNumber={orderNumber}
          amount={remaining}
          tax={taxIn(remainingCents)}
          pending={pending}
          error={refusal}
          onClose={() => setConfirming(false)}
          onConfirm={(returnToStock) => void onSubmit(remainingCents, returnToStock)}
        />
      )}
    </>
  );
}
