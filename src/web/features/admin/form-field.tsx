import type { ReactNode } from 'react';

// The back office's fields share one shape: a label, the control, then its unit, hint and error,
// which the control names in aria-describedby (and aria-invalid while the error stands), so a
// screen reader reads the error when the focus moves to the first field that has one.

/** The attributes a control needs for its hint, unit and error. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export function controlProps(
  id: string,
  parts: { error?: string | undefined; hint?: unknown; unit?: unknown },
): ControlProps {
  const described = [
    parts.unit ? `${id}-unit` : '',
    parts.hint ? `${id}-hint` : '',
    parts.error ? `${id}-error` : '',
  ].filter(Boolean);
  return {
    id,
    'aria-invalid': parts.error ? true : undefined,
    'aria-describedby': described.length > 0 ? described.join(' ') : undefined,
  };
}

interface FieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  unit?: string | null | undefined;
  children: (control: ControlProps) => ReactNode;
}

/** A labelled control with its unit after it, and its hint and error below. */
export function Field({ id, label, error, hint, unit, children }: FieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="admin-field__control">
        {children(controlProps(id, { error, hint, unit }))}
        {unit && (
          <span id={`${id}-unit`} className="admin-field__unit">
            {unit}
          </span>
        )}
      </div>
      <Notes id={id} hint={hint} error={error} />
    </div>
  );
}

/** A field's hint and error, with the ids its control points at. */
export function Notes({
  id,
  hint,
  error,
}: {
  id: string;
  hint?: string | undefined;
  error?: string | undefined;
}) {
  return (
    <>
      {hint && (
        <span id={`${id}-hint`} className="admin-hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="admin-error">
          {error}
        </span>
      )}
    </>
  );
}

interface ChoiceListProps {
  value: string;
  onChange: (value: string) => void;
  choices: readonly { value: string; label: string }[];
  control: ControlProps;
  /** The empty first choice ("Choose…", or "None" where none is allowed). */
  empty?: string;
  disabled?: boolean;
}

/** A select of choices, with an empty first one while nothing is chosen. */
export function ChoiceList({
  value,
  onChange,
  choices,
  control,
  empty,
  disabled,
}: ChoiceListProps) {
  return (
    <select
      {...control}
      className="select"
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
    >
      {empty !== undefined && <option value="">{empty}</option>}
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}
