import { useId, useState, type FormEvent } from 'react';
import { MAX_ON_HAND } from '../../../../contracts/functions/admin-stock.ts';
import type { Backend } from '../../../lib/supabase.ts';
import { saveOnHand, type StockRow } from './api.ts';
import { stockEditorText as t } from './texts.ts';

/** The whole number typed, or null when it is not one from 0 to MAX_ON_HAND. */
export function parseOnHand(text: string): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) && value <= MAX_ON_HAND ? value : null;
}

export interface StockRowEditorProps {
  name: string;
  row: StockRow;
  backend: () => Promise<Backend>;
  onSaved: (row: StockRow) => void;
}

/** One product and colour: its on hand, editable and saved on its own, and its available. */
export function StockRowEditor({ name, row, backend, onSaved }: StockRowEditorProps) {
  const [text, setText] = useState(String(row.onHand));
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const inputId = useId();
  const errorId = useId();
  const item = `${name} (${row.color})`;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    const onHand = parseOnHand(text);
    if (onHand === null) {
      setError(t.invalid);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      const saved = await saveOnHand(await backend(), row.productKey, row.color, onHand);
      onSaved(saved);
      setText(String(saved.onHand));
      setStatus(t.saved(item, saved.onHand));
    } catch (err) {
      setError(t.saveFailed(err instanceof Error ? err.message : String(err)));
    } finally {
      setSaving(false);
    }
  };

  return (
    <tr>
      <th scope="row">{name}</th>
      <td>{row.color}</td>
      <td>
        <form className="stock-editor__form" onSubmit={(e) => void save(e)} noValidate>
          <label htmlFor={inputId} className="visually-hidden">
            {t.onHandLabel(item)}
          </label>
          <input
            id={inputId}
            className="input stock-editor__input"
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_ON_HAND}
            step={1}
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={error !== null}
            aria-describedby={error ? errorId : undefined}
          />
          <button
            type="submit"
            className="button button--small"
            disabled={saving}
            aria-label={t.saveLabel(item)}
          >
            {saving ? t.saving : t.save}
          </button>
          {error && (
            <p id={errorId} role="alert" className="stock-editor__error">
              {error}
            </p>
          )}
          {status && (
            <p role="status" className="stock-editor__status">
              {status}
            </p>
          )}
        </form>
      </td>
      <td>{row.available}</td>
    </tr>
  );
}
