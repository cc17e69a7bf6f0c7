import type { ReactNode } from 'react';
import './staff-field.css';

/** What a field's control carries, so its label, hint and error are read with it. */
export interface FieldControl {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface StaffFieldProps {
  id: string;
  label: string;
  hint?: string | undefined;
  /** Shown below the control, which is marked invalid while it stands. */
  error?: string | undefined;
  /** After the control: "%". */
  unit?: string | undefined;
  children: (control: FieldControl) => ReactNode;
}

/** A labelled control of the back office's small forms (discount codes, tax rates). */
export function StaffField({ id, label, hint, error, unit, children }: StaffFieldProps) {
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="staff-field__control">
        {children({
          id,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': described || undefined,
        })}
        {unit && <span className="staff-field__unit">{unit}</span>}
      </div>
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
    </div>
  );
}
