import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useSessionStore } from '../../../lib/session-react.tsx';
import { fetchShippingTaxable, saveShippingTaxable } from './api.ts';
import { TAX_TEXT as T } from './texts.ts';

type Loaded = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready' };

/**
 * Whether tax applies to shipping: the shop's one tax setting, saved with its own button. A
 * failed save keeps the box as staff left it, to save again.
 */
export function ShippingTaxable() {
  const store = useSessionStore();
  const id = useId();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [taxable, setTaxable] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState('');
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    store
      .backend()
      .then(fetchShippingTaxable)
      .then(
        (value) => {
          if (!live) return;
          setTaxable(value);
          setLoaded({ kind: 'ready' });
        },
        (err: unknown) => {
          const message = err instanceof Error ? err.message : String(err);
          if (live) setLoaded({ kind: 'failed', message });
        },
      );
    return () => {
      live = false;
    };
  }, [store, attempt]);

  const retry = useCallback(() => {
    setLoaded({ kind: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setSaved('');
    setFailed(null);
    try {
      const value = await saveShippingTaxable(await store.backend(), taxable);
      setTaxable(value);
      setSaved(value ? T.savedTaxable : T.savedNotTaxable);
    } catch (err) {
      setFailed(T.saveFailed(err instanceof Error ? err.message : String(err)));
    } finally {
      setSaving(false);
    }
  };

  if (loaded.kind === 'loading') return <p role="status">{T.settingsLoading}</p>;
  if (loaded.kind === 'failed') {
    return (
      <div className="admin-failed">
        <p role="alert">{T.settingsFailed(loaded.message)}</p>
        <button className="button" type="button" onClick={retry}>
          {T.retry}
        </button>
      </div>
    );
  }
  return (
    <form className="tax__setting" onSubmit={(e) => void save(e)} noValidate>
      <div className="admin-check">
        <input
          id={id}
          type="checkbox"
          checked={taxable}
          aria-describedby={`${id}-hint`}
          onChange={(e) => {
            setTaxable(e.target.checked);
            setSaved('');
          }}
        />
        <label htmlFor={id}>{T.shippingTaxable}</label>
      </div>
      <p id={`${id}-hint`} className="admin-hint tax__hint">
        {T.shippingHint}
      </p>
      <button type="submit" className="button button--small" disabled={saving}>
        {saving ? T.saving : T.save}
      </button>
      {failed && (
        <p role="alert" className="admin-error">
          {failed}
        </p>
      )}
      <p role="status" className="tax__notice">
        {saved}
      </p>
    </form>
  );
}
