import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useSessionStore } from '../../../lib/session-react.tsx';
import { Loaded } from '../Loaded.tsx';
import { SaveNotice, type Notice } from '../SaveNotice.tsx';
import { fetchShippingTaxable, saveShippingTaxable } from './api.ts';
import { TAX_TEXT as T } from './texts.ts';

type Load = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready' };

/**
 * Whether tax applies to shipping: the shop's one tax setting, saved with its own button. A
 * failed save keeps the box as staff left it, to save again.
 */
export function ShippingTaxable() {
  const store = useSessionStore();
  const id = useId();
  const [loaded, setLoaded] = useState<Load>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [taxable, setTaxable] = useState(false);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

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
    setNotice(null);
    try {
      const value = await saveShippingTaxable(await store.backend(), taxable);
      setTaxable(value);
      setNotice({ kind: 'done', text: value ? T.savedTaxable : T.savedNotTaxable });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      setNotice({ kind: 'failed', text: T.saveFailed(message) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Loaded
      status={loaded.kind}
      loading={T.settingsLoading}
      failed={loaded.kind === 'failed' ? T.settingsFailed(loaded.message) : ''}
      retry={T.retry}
      onRetry={retry}
    >
      <form className="tax__setting" onSubmit={(e) => void save(e)} noValidate>
        <div className="admin-check">
          <input
            id={id}
            type="checkbox"
            checked={taxable}
            aria-describedby={`${id}-hint`}
            onChange={(e) => {
              setTaxable(e.target.checked);
              // A saved line no longer says what the box shows; a failure still stands.
              setNotice((n) => (n?.kind === 'failed' ? n : null));
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
        <SaveNotice notice={notice} />
      </form>
    </Loaded>
  );
}
