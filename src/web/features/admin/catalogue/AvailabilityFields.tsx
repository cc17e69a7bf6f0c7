import { Field } from '../form-field.tsx';
import type {
  AvailabilityDraft,
  AvailabilityErrors,
  AvailabilityField,
  SoldAs,
} from './availability-draft.ts';
import { AVAILABILITY_TEXT as T } from './availability-texts.ts';

const KINDS: readonly SoldAs[] = ['in_stock', 'pre_order', 'group_buy'];

interface FieldsProps {
  ids: string;
  draft: AvailabilityDraft;
  errors: AvailabilityErrors;
  onKind: (kind: SoldAs) => void;
  onChange: (field: AvailabilityField, value: string) => void;
}

/**
 * The kind, then the fields it needs: a group buy's run and minimum, then the ship window and the
 * cap both kinds share. Switching kind hides fields but keeps what was typed in them.
 */
export function AvailabilityFields({ ids, draft, errors, onKind, onChange }: FieldsProps) {
  const input = (field: AvailabilityField, type: string, label: string, hint?: string) => (
    <Field id={`${ids}-${field}`} label={label} hint={hint} error={errors[field]}>
      {(control) => (
        <input
          {...control}
          className="input"
          type={type}
          value={draft[field]}
          onChange={(event) => onChange(field, event.target.value)}
        />
      )}
    </Field>
  );
  const count = (field: 'cap' | 'moq', label: string, hint: string) => (
    <Field
      id={`${ids}-${field}`}
      label={label}
      hint={hint}
      unit={T.unitsUnit}
      error={errors[field]}
    >
      {(control) => (
        <input
          {...control}
          className="input product-field__number"
          inputMode="numeric"
          autoComplete="off"
          value={draft[field]}
          onChange={(event) => onChange(field, event.target.value)}
        />
      )}
    </Field>
  );

  return (
    <>
      <fieldset className="admin-choices">
        <legend>{T.kind}</legend>
        {KINDS.map((kind) => (
          <div key={kind} className="product-availability__kind">
            <label className="admin-check">
              <input
                type="radio"
                name={`${ids}-kind`}
                checked={draft.kind === kind}
                aria-describedby={`${ids}-${kind}-hint`}
                onChange={() => onKind(kind)}
              />
              {T.kinds[kind]}
            </label>
            <span id={`${ids}-${kind}-hint`} className="admin-hint">
              {T.kindHints[kind]}
            </span>
          </div>
        ))}
      </fieldset>
      {draft.kind === 'group_buy' && (
        <>
          {input('startsAt', 'datetime-local', T.startsAt, T.timeHint)}
          {input('endsAt', 'datetime-local', T.endsAt, T.timeHint)}
          {count('moq', T.moq, T.moqHint)}
        </>
      )}
      {draft.kind !== 'in_stock' && (
        <>
          {input('shipsFrom', 'date', T.shipsFrom, T.shipsHint)}
          {input('shipsBy', 'date', T.shipsBy)}
          {count('cap', T.cap, T.capHint)}
        </>
      )}
    </>
  );
}
