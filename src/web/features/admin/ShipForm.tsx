import { useId, useRef, useState, type FormEvent } from 'react';
import { ADMIN_TEXT as T, CARRIERS } from './texts.ts';

interface ShipFormProps {
  pending: boolean;
  onCancel: () => void;
  onSubmit: (carrier: string, trackingNumber: string) => Promise<boolean>;
}

/** Carrier (a known one, or typed under "Other") and tracking number, both required. */
export function ShipForm({ pending, onCancel, onSubmit }: ShipFormProps) {
  const id = useId();
  const [carrier, setCarrier] = useState('');
  const [otherName, setOtherName] = useState('');
  const [tracking, setTracking] = useState('');
  const [errors, setErrors] = useState<{ carrier?: string; other?: string; tracking?: string }>({});
  const carrierRef = useRef<HTMLSelectElement>(null);
  const otherRef = useRef<HTMLInputElement>(null);
  const trackingRef = useRef<HTMLInputElement>(null);
  const other = carrier === 'other';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const name = other ? otherName.trim() : carrier;
    const next = {
      carrier: carrier ? undefined : T.carrierRequired,
      other: other && !name ? T.carrierNameRequired : undefined,
      tracking: tracking.trim() ? undefined : T.trackingRequired,
    };
    setErrors(next);
    if (next.carrier) return carrierRef.current?.focus();
    if (next.other) return otherRef.current?.focus();
    if (next.tracking) return trackingRef.current?.focus();
    void onSubmit(name, tracking.trim());
  };

  return (
    <form className="admin-form card" onSubmit={submit} noValidate aria-label={T.markShipped}>
      <div className="field">
        <label htmlFor={`${id}-carrier`}>{T.carrier}</label>
        <select
          ref={carrierRef}
          id={`${id}-carrier`}
          className="select"
          value={carrier}
          aria-invalid={errors.carrier ? true : undefined}
          aria-describedby={errors.carrier ? `${id}-carrier-error` : undefined}
          onChange={(event) => setCarrier(event.target.value)}
        >
          <option value="" />
          {CARRIERS.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
          <option value="other">{T.carrierOther}</option>
        </select>
        {errors.carrier && (
          <span id={`${id}-carrier-error`} className="admin-error">
            {errors.carrier}
          </span>
        )}
      </div>
      {other && (
        <div className="field">
          <label htmlFor={`${id}-other`}>{T.carrierOtherName}</label>
          <input
            ref={otherRef}
            id={`${id}-other`}
            className="input"
            value={otherName}
            aria-invalid={errors.other ? true : undefined}
            aria-describedby={errors.other ? `${id}-other-error` : undefined}
            onChange={(event) => setOtherName(event.target.value)}
          />
          {errors.other && (
            <span id={`${id}-other-error`} className="admin-error">
              {errors.other}
            </span>
          )}
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-tracking`}>{T.trackingNumber}</label>
        <input
          ref={trackingRef}
          id={`${id}-tracking`}
          className="input"
          autoComplete="off"
          spellCheck={false}
          value={tracking}
          aria-invalid={errors.tracking ? true : undefined}
          aria-describedby={errors.tracking ? `${id}-tracking-error` : undefined}
          onChange={(event) => setTracking(event.target.value)}
        />
        {errors.tracking && (
          <span id={`${id}-tracking-error`} className="admin-error">
            {errors.tracking}
          </span>
        )}
      </div>
      <div className="admin-form__buttons">
        <button type="submit" className="button" aria-disabled={pending}>
          {T.confirmShip}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {T.cancel}
        </button>
      </div>
    </form>
  );
}
