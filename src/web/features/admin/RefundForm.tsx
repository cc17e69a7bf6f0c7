import { useId, useRef, useState, type FormEvent } from 'react';
import { centsToInput, dollarsToCents, formatPrice } from './format.ts';
import { ADMIN_TEXT as T } from './texts.ts';

interface RefundFormProps {
  /** What can still be refunded: the order's total less its refunds. */
  remainingCents: number;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (amountCents: number) => Promise<boolean>;
}

/** A refund in dollars, from $0.01 up to what is left; the whole remainder by default. */
export function RefundForm({ remainingCents, pending, onCancel, onSubmit }: RefundFormProps) {
  const id = useId();
  const [text, setText] = useState(() => centsToInput(remainingCents));
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const remaining = formatPrice(remainingCents);
  const cents = dollarsToCents(text);
  const valid = cents !== null && cents >= 1 && cents <= remainingCents;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!valid) {
      setError(T.refundInvalid(remaining));
      input.current?.focus();
      return;
    }
    setError(null);
    void onSubmit(cents);
  };

  return (
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
  );
}
