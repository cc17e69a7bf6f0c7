import { useId, useState, type FormEvent } from 'react';
import type { Product } from '../../../catalogue/index.ts';
import { useSessionStore } from '../../lib/session-react.tsx';
import { rateProduct } from './api.ts';
import { parseRating } from './rating.ts';
import { ratingsStore } from '../../state/ratings-store.ts';
import { reviewsText } from './texts.ts';

type Outcome =
  | { kind: 'idle' }
  | { kind: 'invalid' }
  | { kind: 'saving' }
  | { kind: 'saved'; rating: number }
  | { kind: 'failed'; message: string };

function errorMessage(error: unknown): string {
  if (error && typeof error === 'object' && 'message' in error) return String(error.message);
  return String(error);
}

/** A verified buyer's rating: 1 to 5 in steps of 0.1; saving again replaces their earlier one. */
export function RatingForm({ product, initial }: { product: Product; initial: number | null }) {
  const store = useSessionStore();
  const [value, setValue] = useState(initial === null ? '' : initial.toFixed(1));
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const invalid = outcome.kind === 'invalid';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (outcome.kind === 'saving') return;
    const rating = parseRating(value);
    if (rating === null) {
      setOutcome({ kind: 'invalid' });
      return;
    }
    setOutcome({ kind: 'saving' });
    try {
      const { db } = await store.backend();
      ratingsStore.set(product.key, await rateProduct(db, product, rating));
      setOutcome({ kind: 'saved', rating });
    } catch (error) {
      setOutcome({ kind: 'failed', message: errorMessage(error) });
    }
  };

  return (
    // noValidate: out-of-range input gets the shop's own message (docs/product.md, Reviews), not
    // the browser's bubble.
    <form className="rating-form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="rating-form__row">
        <div className="field">
          <label htmlFor={inputId}>{reviewsText.ratingLabel}</label>
          <input
            id={inputId}
            className="input rating-form__input"
            type="number"
            inputMode="decimal"
            min={1}
            max={5}
            step={0.1}
            value={value}
            aria-invalid={invalid}
            aria-describedby={invalid ? `${hintId} ${errorId}` : hintId}
            onChange={(event) => {
              setValue(event.target.value);
              if (outcome.kind !== 'saving') setOutcome({ kind: 'idle' });
            }}
          />
        </div>
        <button
          type="submit"
          className="button button--primary"
          aria-disabled={outcome.kind === 'saving'}
        >
          {outcome.kind === 'saving' ? reviewsText.submitting : reviewsText.submit}
        </button>
      </div>
      <p id={hintId} className="rating-form__hint">
        {reviewsText.ratingHint}
      </p>
      <p className="rating-form__notice rating-form__notice--success" role="status">
        {outcome.kind === 'saved' ? reviewsText.saved(outcome.rating.toFixed(1)) : null}
      </p>
      {invalid && (
        <p id={errorId} className="rating-form__notice rating-form__notice--error" role="alert">
          {reviewsText.badRating}
        </p>
      )}
      {outcome.kind === 'failed' && (
        <p className="rating-form__notice rating-form__notice--error" role="alert">
          {reviewsText.saveFailed(outcome.message)}
        </p>
      )}
    </form>
  );
}
