import { useId, useState } from 'react';
import { parsePriceInput } from '../../../catalogue/filters.ts';
import { filterText } from './texts.ts';
import { centsToDollarText, type PriceEnd } from './use-list-query.ts';

export interface PriceRangeProps {
  minCents: number | null;
  maxCents: number | null;
  /** Called with a valid end only; bad input stays in the box with its error and changes nothing. */
  onChange: (end: PriceEnd, cents: number | null) => void;
}

/** Min and max price in dollars; each valid edit goes to the URL, each invalid one is explained. */
export function PriceRange({ minCents, maxCents, onChange }: PriceRangeProps) {
  const [draft, setDraft] = useState({
    min: centsToDollarText(minCents),
    max: centsToDollarText(maxCents),
  });
  const ids = { min: useId(), max: useId(), error: useId() };

  // The URL changed under us (Back, "Clear filters", a link): show its values, unless the boxes
  // already say the same amounts ("50.0" and "50"). Adjusted while rendering, as React advises.
  const [shown, setShown] = useState({ minCents, maxCents });
  if (shown.minCents !== minCents || shown.maxCents !== maxCents) {
    setShown({ minCents, maxCents });
    const same = (end: PriceEnd, cents: number | null) => {
      const typed = parsePriceInput(draft[end]);
      return typed.ok && typed.cents === cents;
    };
    if (!same('min', minCents) || !same('max', maxCents)) {
      setDraft({ min: centsToDollarText(minCents), max: centsToDollarText(maxCents) });
    }
  }

  const read = { min: parsePriceInput(draft.min), max: parsePriceInput(draft.max) };
  const badEnd = (end: PriceEnd) => !read[end].ok;
  const outOfOrder =
    read.min.ok &&
    read.max.ok &&
    read.min.cents !== null &&
    read.max.cents !== null &&
    read.min.cents > read.max.cents;
  const error =
    badEnd('min') || badEnd('max')
      ? filterText.priceInvalid
      : outOfOrder
        ? filterText.priceOrder
        : null;

  const edit = (end: PriceEnd, text: string) => {
    const next = { ...draft, [end]: text };
    setDraft(next);
    const value = parsePriceInput(text);
    const other = parsePriceInput(next[end === 'min' ? 'max' : 'min']);
    if (!value.ok) return;
    if (value.cents !== null && other.ok && other.cents !== null) {
      const [low, high] = end === 'min' ? [value.cents, other.cents] : [other.cents, value.cents];
      if (low > high) return;
    }
    onChange(end, value.cents);
  };

  const field = (end: PriceEnd, label: string) => {
    const invalid = badEnd(end) || (outOfOrder && end === 'max');
    return (
      <div className="field price-range__field">
        <label htmlFor={ids[end]}>{label}</label>
        <input
          id={ids[end]}
          className="input"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={draft[end]}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? ids.error : undefined}
          onChange={(event) => edit(end, event.target.value)}
        />
      </div>
    );
  };

  return (
    <fieldset className="filter-group price-range">
      <legend>{filterText.price}</legend>
      <div className="price-range__fields">
        {field('min', filterText.priceMin)}
        {field('max', filterText.priceMax)}
      </div>
      {error && (
        <p id={ids.error} role="alert" className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
