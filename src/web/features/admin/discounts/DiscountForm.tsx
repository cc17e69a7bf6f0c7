import { useId, useRef, useState, type FormEvent } from 'react';
import type { DiscountCode } from '../../../../contracts/functions/admin-discounts.ts';
import { useSessionStore } from '../../../lib/session-react.tsx';
import { uuid } from '../catalogue/photos.ts';
import { StaffField } from '../StaffField.tsx';
import { createDiscount } from './api.ts';
import { EMPTY_DRAFT, requestOf, type DiscountDraft, type DraftErrors } from './draft.ts';
import { DISCOUNT_TEXT as T } from './texts.ts';

/**
 * A new code. What staff typed stays when the server refuses it; a retry of the same submission
 * carries the same requestId, so a code made by a request whose answer was lost is not made twice.
 */
export function DiscountForm({ onCreated }: { onCreated: (code: DiscountCode) => void }) {
  const store = useSessionStore();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<DiscountDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [requestId, setRequestId] = useState(uuid);

  const set = <K extends keyof DiscountDraft>(key: K, value: DiscountDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setDone('');
    setRefusal(null);
    const parsed = requestOf(draft, Math.floor(Date.now() / 1000));
    if ('errors' in parsed) {
      setErrors(parsed.errors);
      // After React marks them: the first field with a problem takes the focus.
      setTimeout(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const code = await createDiscount(await store.backend(), { ...parsed.request, requestId });
      onCreated(code);
      setDraft(EMPTY_DRAFT);
      setRequestId(uuid());
      setDone(T.created(code.code));
    } catch (err) {
      setRefusal(T.createFailed(err instanceof Error ? err.message : String(err)));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      ref={form}
      className="admin-form card discounts__form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={T.formHeading}
    >
      <StaffField id={`${id}-code`} label={T.code} hint={T.codeHint} error={errors.code}>
        {(control) => (
          <input
            {...control}
            className="input discounts__code-input"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            value={draft.code}
            onChange={(e) => set('code', e.target.value)}
          />
        )}
      </StaffField>
      <fieldset className="discounts__kind">
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
        <StaffField
          id={`${id}-percent`}
          label={T.percent}
          error={errors.percent}
          unit={T.percentUnit}
        >
          {(control) => (
            <input
              {...control}
              className="input"
              inputMode="decimal"
              autoComplete="off"
              value={draft.percent}
              onChange={(e) => set('percent', e.target.value)}
            />
          )}
        </StaffField>
      ) : (
        <StaffField id={`${id}-amount`} label={T.amount} error={errors.amount}>
          {(control) => (
            <input
              {...control}
              className="input"
              inputMode="decimal"
              autoComplete="off"
              value={draft.amount}
              onChange={(e) => set('amount', e.target.value)}
            />
          )}
        </StaffField>
      )}
      <StaffField id={`${id}-expiry`} label={T.expiry} hint={T.expiryHint} error={errors.expiry}>
        {(control) => (
          <input
            {...control}
            className="input"
            type="date"
            value={draft.expiry}
            onChange={(e) => set('expiry', e.target.value)}
          />
        )}
      </StaffField>
      <StaffField id={`${id}-limit`} label={T.limit} hint={T.limitHint} error={errors.limit}>
        {(control) => (
          <input
            {...control}
            className="input"
            inputMode="numeric"
            autoComplete="off"
            value={draft.limit}
            onChange={(e) => set('limit', e.target.value)}
          />
        )}
      </StaffField>
      <StaffField id={`${id}-minimum`} label={T.minimumAmount} error={errors.minimum}>
        {(control) => (
          <input
            {...control}
            className="input"
            inputMode="decimal"
            autoComplete="off"
            value={draft.minimum}
            onChange={(e) => set('minimum', e.target.value)}
          />
        )}
      </StaffField>
      <label className="admin-check">
        <input
          type="checkbox"
          checked={draft.firstOnly}
          onChange={(e) => set('firstOnly', e.target.checked)}
        />
        {T.firstOnly}
      </label>
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
      <p role="status" className="discounts__notice">
        {done}
      </p>
    </form>
  );
}
