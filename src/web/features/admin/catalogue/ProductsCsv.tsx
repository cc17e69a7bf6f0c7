import { useId, useRef, useState, type ChangeEvent } from 'react';
import { planProductImport, productsCsv, type ImportPlan } from '../../../../catalogue/csv.ts';
import { saveInputOf } from '../../../../catalogue/rows.ts';
import { useSessionStore } from '../../../lib/session-react.tsx';
import { saveFile } from '../CsvExport.tsx';
import { importProducts, type ProductRow } from './api.ts';
import { CSV_TEXT as T } from './texts.ts';

/** A chosen file's text (FileReader: every browser has it, and so does the test DOM). */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file);
  });
}

type State =
  | { kind: 'idle' }
  | { kind: 'reading' }
  | { kind: 'planned'; plan: ImportPlan }
  | { kind: 'applying'; plan: ImportPlan }
  | { kind: 'done'; saved: number }
  | { kind: 'error'; message: string };

/**
 * The products as CSV (docs/product.md, Products in the back office): the export is made in the
 * browser from the rows staff read; the import is planned in the browser against the same rows
 * (a dry run listing every change and error by line) and only "Apply" writes, all in one
 * transaction through public.import_products, refused whole if a product changed meanwhile.
 */
export function ProductsCsv(props: { rows: ProductRow[]; ready: boolean; onImported: () => void }) {
  const { rows, ready, onImported } = props;
  const store = useSessionStore();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);

  const exportAll = () => {
    const date = new Date().toISOString().slice(0, 10);
    saveFile(new Blob([productsCsv(rows)], { type: 'text/csv' }), T.fileName(date));
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setState({ kind: 'reading' });
    try {
      setState({ kind: 'planned', plan: planProductImport(await readText(file), rows) });
    } catch {
      setState({ kind: 'error', message: T.unreadable });
    }
  };

  const discard = () => {
    setState({ kind: 'idle' });
    if (input.current) input.current.value = '';
  };

  const apply = async (plan: ImportPlan) => {
    setState({ kind: 'applying', plan });
    const products = plan.changes.map((c) => saveInputOf(c.next, c.expectedUpdatedAt));
    try {
      const result = await importProducts(await store.backend(), products);
      if (!result.ok) return setState({ kind: 'error', message: T.failed(result.message) });
      if (input.current) input.current.value = '';
      setState({ kind: 'done', saved: result.saved });
      onImported();
    } catch (error) {
      setState({ kind: 'error', message: T.failed(String(error)) });
    }
  };

  return (
    <section aria-labelledby={`${fileId}-heading`} className="admin-section">
      <h2 id={`${fileId}-heading`}>{T.heading}</h2>
      <p>{T.intro}</p>
      <div className="products-csv">
        <button className="button" type="button" disabled={!ready} onClick={exportAll}>
          {T.exportButton}
        </button>
        <div className="field">
          <label htmlFor={fileId}>{T.importLabel}</label>
          <input
            ref={input}
            id={fileId}
            className="input"
            type="file"
            accept=".csv,text/csv"
            disabled={!ready}
            onChange={(event) => void choose(event)}
          />
        </div>
      </div>
      {state.kind === 'reading' && <p role="status">{T.reading}</p>}
      {state.kind === 'error' && <p role="alert">{state.message}</p>}
      {state.kind === 'done' && <p role="status">{T.applied(state.saved)}</p>}
      {(state.kind === 'planned' || state.kind === 'applying') && (
        <ImportPlanView
          plan={state.plan}
          busy={state.kind === 'applying'}
          onApply={() => void apply(state.plan)}
          onDiscard={discard}
        />
      )}
    </section>
  );
}

function ImportPlanView(props: {
  plan: ImportPlan;
  busy: boolean;
  onApply: () => void;
  onDiscard: () => void;
}) {
  const { plan, busy } = props;
  const { changes, errors, unchanged } = plan;
  return (
    <div className="products-csv__plan">
      <h3>{T.planHeading}</h3>
      <p role="status">{T.summary(changes.length, unchanged, errors.length)}</p>
      {errors.length > 0 && (
        <>
          <h4>{T.errorsHeading}</h4>
          <ul className="products-csv__errors">
            {errors.map((error, i) => (
              <li key={i}>
                <strong>{T.line(error.line)}:</strong> {error.message}
              </li>
            ))}
          </ul>
        </>
      )}
      {changes.length === 0 && errors.length === 0 && <p>{T.nothing}</p>}
      {changes.length > 0 && (
        <ul className="products-csv__changes">
          {changes.map((change) => (
            <li key={change.key}>
              <strong>
                {T.line(change.line)}: {change.name}
              </strong>{' '}
              ({change.key})
              <ul>
                {change.changes.map((field) => (
                  <li key={field.field}>
                    {T.fields[field.field]}: {field.before || '—'} → {field.after || '—'}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      <div className="products-csv__actions">
        {changes.length > 0 && errors.length === 0 && (
          <button
            className="button"
            type="button"
            aria-disabled={busy}
            onClick={busy ? undefined : props.onApply}
          >
            {busy ? T.applying : T.apply(changes.length)}
          </button>
        )}
        <button className="button button--ghost" type="button" onClick={props.onDiscard}>
          {T.cancel}
        </button>
      </div>
    </div>
  );
}
