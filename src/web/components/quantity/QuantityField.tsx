import { useId, useState, type ReactNode, type Ref } from 'react';
import {
  MAX_LINE_QUANTITY,
  parseQuantityInput,
  type QuantityProblem,
} from '../../../catalogue/index.ts';
import { quantityText as T } from './texts.ts';
import './quantity.css';

export interface QuantityFieldProps {
  /** The quantity in force (the cart's, or the dialog's choice). */
  value: number;
  /** Called with a valid quantity only: a bad entry changes nothing until it is fixed. */
  onChange: (quantity: number) => void;
  /**
   * When a typed quantity applies: at each valid keystroke ('change', a choice still to confirm),
   * or when the shopper leaves the field or presses Enter ('commit', e.g. the cart, so typing 1000
   * does not pass through 1, 10 and 100 on the way).
   */
  applyOn?: 'change' | 'commit';
  /** Told whether the typed text is usable, e.g. to hold "Add to Cart" until it is. */
  onValidityChange?: (valid: boolean) => void;
  /** The field's label; "Quantity" by default. */
  label?: ReactNode;
  decreaseLabel: string;
  increaseLabel: string;
  inputRef?: Ref<HTMLInputElement>;
  /** At most this many (what is left in stock), explained by `maxProblem` when typed above. */
  max?: number;
  maxProblem?: string;
}

/**
 * A typed quantity from 1 to MAX_LINE_QUANTITY with − and + buttons. A bad entry (empty, 0, 1000,
 * 2.5, letters) is kept as typed, marked invalid and explained next to the field.
 */
export function QuantityField({
  value,
  onChange,
  onValidityChange,
  applyOn = 'change',
  label = T.label,
  decreaseLabel,
  increaseLabel,
  inputRef,
  max = MAX_LINE_QUANTITY,
  maxProblem,
}: QuantityFieldProps) {
  const inputId = useId();
  const errorId = useId();
  const [draft, setDraft] = useState(String(value));
  const [problem, setProblem] = useState<QuantityProblem | 'overMax' | null>(null);
  // The quantity changed from outside (buttons, a pack, another tab): show it.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(String(value));
    setProblem(null);
  }

  // A whole number above `max` (but within the line's limit) is a problem of its own.
  const parse = (text: string) => {
    const parsed = parseQuantityInput(text);
    return parsed.ok && parsed.quantity > max
      ? { ok: false as const, problem: 'overMax' as const }
      : parsed;
  };

  const type = (text: string) => {
    setDraft(text);
    const parsed = parse(text);
    setProblem(parsed.ok ? null : parsed.problem);
    onValidityChange?.(parsed.ok);
    if (applyOn === 'change' && parsed.ok && parsed.quantity !== value) onChange(parsed.quantity);
  };

  const commit = () => {
    const parsed = parse(draft);
    if (parsed.ok && parsed.quantity !== value) onChange(parsed.quantity);
  };

  const step = (quantity: number) => {
    setDraft(String(quantity));
    setProblem(null);
    onValidityChange?.(true);
    if (quantity !== value) onChange(quantity);
  };

  return (
    <div className="quantity-field">
      <label htmlFor={inputId} className="quantity-field__label">
        {label}
      </label>
      <div className="quantity">
        <button
          type="button"
          className="quantity__step"
          aria-label={decreaseLabel}
          disabled={value <= 1}
          onClick={() => step(Math.max(value - 1, 1))}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          ref={inputRef}
          id={inputId}
          className="input quantity__input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={draft}
          aria-invalid={problem !== null}
          aria-describedby={problem ? errorId : undefined}
          onChange={(event) => type(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit();
          }}
        />
        <button
          type="button"
          className="quantity__step"
          aria-label={increaseLabel}
          disabled={value >= max}
          onClick={() => step(Math.min(value + 1, max))}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
      {/* Mounted with its text: an alert that appears is announced at once. */}
      {problem && (
        <p id={errorId} className="quantity-field__error" role="alert">
          {problem === 'overMax' ? maxProblem : T.problem[problem]}
        </p>
      )}
    </div>
  );
}
