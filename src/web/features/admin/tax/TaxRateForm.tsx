import { useId, useRef, useState, type FormEvent } from 'react';
import type { TaxRate } from '../../../../contracts/functions/admin-tax-rates.ts';
import { useSessionStore } from '../../../lib/session-react.tsx';
import { uuid } from '../catalogue/photos.ts';
import { StaffField } from '../StaffField.tsx';
import { createTaxRate } from './api.ts';
import { EMPTY_DRAFT, isUs, requestOf, type DraftErrors, type TaxRateDraft } from './draft.ts';
import { TAX_TEXT as T } from './texts.ts';

/**
 * A new rate. What staff typed stays when the server refuses it; a retry of the same submission
 * carries the same requestId, so the provider makes the rate once.
 */
export function TaxRateForm({ onCreated }: { onCreated: (rate: TaxRate) => void }) {
  const store = useSessionStore();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<TaxRateDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [requestId, setRequestId] = useState(uuid);
  const us = isUs(draft);

  const set = <K extends keyof TaxRateDraft>(key: K, value: TaxRateDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setDone('');
    setRefusal(null);
    const parsed = requestOf(draft);
    if ('errors' in parsed) {
      setErrors(parsed.errors);
      // After React marks them: the first field with a problem takes the focus.
      setTimeout(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const rate = await createTaxRate(await store.backend(), { ...parsed.request, requestId });
      onCreated(rate);
      setDraft(EMPTY_DRAFT);
      setRequestId(uuid());
      setDone(T.created(rate.displayName));
    } catch (err) {
      setRefusal(T.createFailed(err instanceof Error ? err.message : String(err)));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      ref={form}
      className="admin-form card"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={T.formHeading}
    >
      <StaffField id={`${id}-name`} label={T.name} hint={T.nameHint} error={errors.displayName}>
        {(control) => (
          <input
            {...control}
            className="input"
            autoComplete="off"
            maxLength={50}
            value={draft.displayName}
            onChange={(e) => set('displayName', e.target.value)}
          />
        )}
      </StaffField>
      <StaffField
        id={`${id}-percentage`}
        label={T.percentage}
        error={errors.percentage}
        unit={T.percentUnit}
      >
        {(control) => (
          <input
            {...control}
            className="input"
            inputMode="decimal"
            autoComplete="off"
            value={draft.percentage}
            onChange={(e) => set('percentage', e.target.value)}
          />
        )}
      </StaffField>
      <StaffField
        id={`${id}-country`}
        label={T.country}
        hint={T.countryHint}
        error={errors.country}
      >
        {(control) => (
          <input
            {...control}
            className="input tax__code-input"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={2}
            value={draft.country}
            onChange={(e) => set('country', e.target.value)}
          />
        )}
      </StaffField>
      <StaffField id={`${id}-state`} label={T.state} hint={T.stateHint} error={errors.state}>
        {(control) => (
          <input
            {...control}
            className="input tax__code-input"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={3}
            value={draft.state}
            onChange={(e) => set('state', e.target.value)}
          />
        )}
      </StaffField>
      <fieldset className="tax__kind" aria-describedby={us ? `${id}-us` : undefined}>
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
      <div className="admin-form__buttons">
        <button type="submit" className="button" disabled={saving}>
          {saving ? T.creating : T.create}
        </button>
      </div>
      {refusal && (
        <p role="alert" className="admin-error">
          {refusal}
        </p>
      )}
      <p role="status" className="tax__notice">
        {done}
      </p>
    </form>
  );
}
