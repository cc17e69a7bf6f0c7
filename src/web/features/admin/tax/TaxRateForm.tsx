import { useId } from 'react';
import type { TaxRate } from '../../../../contracts/functions/admin-tax-rates.ts';
import { Field } from '../form-field.tsx';
import { StaffForm } from '../StaffForm.tsx';
import { useStaffForm } from '../use-staff-form.ts';
import { createTaxRate } from './api.ts';
import { EMPTY_DRAFT, isUs, requestOf } from './draft.ts';
import { TAX_TEXT as T } from './texts.ts';

/** The country and state inputs: a few letters, shown in capitals. */
const regionCode = {
  className: 'input tax__code-input',
  autoComplete: 'off',
  autoCapitalize: 'characters',
  spellCheck: false,
} as const;

/** A new rate, made once at the provider however often it is retried (use-staff-form.ts). */
export function TaxRateForm({ onCreated }: { onCreated: (rate: TaxRate) => void }) {
  const id = useId();
  const { submission, draft, errors, set, text } = useStaffForm({
    empty: EMPTY_DRAFT,
    parse: requestOf,
    save: createTaxRate,
    onCreated,
    created: (rate) => T.created(rate.displayName),
    refused: T.createFailed,
  });
  const us = isUs(draft);

  return (
    <StaffForm {...submission} label={T.formHeading} create={T.create} creating={T.creating}>
      <Field id={`${id}-name`} label={T.name} hint={T.nameHint} error={errors.displayName}>
        {(control) => (
          <input
            {...control}
            {...text('displayName')}
            className="input"
            autoComplete="off"
            maxLength={50}
          />
        )}
      </Field>
      <Field
        id={`${id}-percentage`}
        label={T.percentage}
        error={errors.percentage}
        unit={T.percentUnit}
      >
        {(control) => (
          <input
            {...control}
            {...text('percentage')}
            className="input"
            inputMode="decimal"
            autoComplete="off"
          />
        )}
      </Field>
      <Field id={`${id}-country`} label={T.country} hint={T.countryHint} error={errors.country}>
        {(control) => <input {...control} {...regionCode} {...text('country')} maxLength={2} />}
      </Field>
      <Field id={`${id}-state`} label={T.state} hint={T.stateHint} error={errors.state}>
        {(control) => <input {...control} {...regionCode} {...text('state')} maxLength={3} />}
      </Field>
      <fieldset className="admin-choices tax__kind" aria-describedby={us ? `${id}-us` : undefined}>
        <legend>{T.kind}</legend>
        {([false, true] as const).map((inclusive) => (
          <label key={String(inclusive)} className="admin-check">
            <input
              type="radio"
              name={`${id}-inclusive`}
              checked={(us ? false : draft.inclusive) === inclusive}
              disabled={inclusive && us}
              onChange={() => set('inclusive', inclusive)}
            />
            {inclusive ? T.kindIncluded : T.kindAdded}
          </label>
        ))}
        {us && (
          <span id={`${id}-us`} className="admin-hint">
            {T.usAdded}
          </span>
        )}
      </fieldset>
    </StaffForm>
  );
}
