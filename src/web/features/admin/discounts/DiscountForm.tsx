import { useId } from 'react';
import type { DiscountCode } from '../../../../contracts/functions/admin-discounts.ts';
import { Field } from '../form-field.tsx';
import { StaffForm } from '../StaffForm.tsx';
import { useStaffForm } from '../use-staff-form.ts';
import { createDiscount } from './api.ts';
import { EMPTY_DRAFT, requestOf } from './draft.ts';
import { DISCOUNT_TEXT as T } from './texts.ts';

/** The amounts' inputs: dollars, or a percentage, typed as text. */
const decimal = { className: 'input', inputMode: 'decimal', autoComplete: 'off' } as const;

/** A new code, made once however often its submission is retried (use-staff-form.ts). */
export function DiscountForm({ onCreated }: { onCreated: (code: DiscountCode) => void }) {
  const id = useId();
  const { submission, draft, errors, set, text } = useStaffForm({
    empty: EMPTY_DRAFT,
    parse: (d) => requestOf(d, Math.floor(Date.now() / 1000)),
    save: createDiscount,
    onCreated,
    created: (code) => T.created(code.code),
    refused: T.createFailed,
  });

  return (
    <StaffForm
      {...submission}
      label={T.formHeading}
      className="discounts__form"
      create={T.create}
      creating={T.creating}
    >
      <Field id={`${id}-code`} label={T.code} hint={T.codeHint} error={errors.code}>
        {(control) => (
          <input
            {...control}
            {...text('code')}
            className="input discounts__code-input"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
          />
        )}
      </Field>
      <fieldset className="admin-choices discounts__kind">
        <legend>{T.kind}</legend>
        {(['percent', 'amount'] as const).map((kind) => (
          <label key={kind} className="admin-check">
            <input
              type="radio"
              name={`${id}-kind`}
              checked={draft.kind === kind}
              onChange={() => set('kind', kind)}
            />
            {kind === 'percent' ? T.kindPercent : T.kindAmount}
          </label>
        ))}
      </fieldset>
      {draft.kind === 'percent' ? (
        <Field id={`${id}-percent`} label={T.percent} error={errors.percent} unit={T.percentUnit}>
          {(control) => <input {...control} {...decimal} {...text('percent')} />}
        </Field>
      ) : (
        <Field id={`${id}-amount`} label={T.amount} error={errors.amount}>
          {(control) => <input {...control} {...decimal} {...text('amount')} />}
        </Field>
      )}
      <Field id={`${id}-expiry`} label={T.expiry} hint={T.expiryHint} error={errors.expiry}>
        {(control) => <input {...control} {...text('expiry')} className="input" type="date" />}
      </Field>
      <Field id={`${id}-limit`} label={T.limit} hint={T.limitHint} error={errors.limit}>
        {(control) => (
          <input
            {...control}
            {...text('limit')}
            className="input"
            inputMode="numeric"
            autoComplete="off"
          />
        )}
      </Field>
      <Field id={`${id}-minimum`} label={T.minimumAmount} error={errors.minimum}>
        {(control) => <input {...control} {...decimal} {...text('minimum')} />}
      </Field>
      <label className="admin-check">
        <input
          type="checkbox"
          checked={draft.firstOnly}
          onChange={(e) => set('firstOnly', e.target.checked)}
        />
        {T.firstOnly}
      </label>
    </StaffForm>
  );
}
