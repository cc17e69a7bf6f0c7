import type { ReactNode } from 'react';
import { SaveNotice } from './SaveNotice.tsx';
import type { Submission } from './use-staff-form.ts';

interface StaffFormProps extends Submission {
  /** The form's name, its section's heading. */
  label: string;
  className?: string;
  /** The submit button's text, and its text while saving. */
  create: string;
  creating: string;
  children: ReactNode;
}

/**
 * A form that makes one thing (use-staff-form.ts): its fields, then the submit button, which
 * waits while saving, and what the save did. Checked here, so the browser's own bubbles stay away.
 */
export function StaffForm(props: StaffFormProps) {
  const { form, submit, saving, notice, label, className, create, creating, children } = props;
  return (
    <form
      ref={form}
      className={className ? `admin-form card ${className}` : 'admin-form card'}
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={label}
    >
      {children}
      <div className="admin-form__buttons">
        <button type="submit" className="button" disabled={saving}>
          {saving ? creating : create}
        </button>
      </div>
      <SaveNotice notice={notice} />
    </form>
  );
}
