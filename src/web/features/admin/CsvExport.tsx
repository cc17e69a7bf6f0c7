import { useId, useState, type FormEvent } from 'react';
import { useSessionStore } from '../../lib/session-react.tsx';
import { fetchOrdersCsv } from './api.ts';
import { lastThirtyDays } from './format.ts';
import { ADMIN_TEXT as T } from './texts.ts';

/** Hands the browser a file to save, as a download link would. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers start the download after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The orders of a date range as a CSV file, fetched with the staff token. */
export function CsvExport() {
  const store = useSessionStore();
  const [range, setRange] = useState(lastThirtyDays);
  const [state, setState] = useState<
    | { kind: 'idle' }
    | { kind: 'busy' }
    | { kind: 'done'; fileName: string }
    | { kind: 'error'; message: string }
  >({ kind: 'idle' });
  const fromId = useId();
  const toId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state.kind === 'busy') return;
    if (!range.from || !range.to) return setState({ kind: 'error', message: T.csvMissing });
    if (range.from > range.to) return setState({ kind: 'error', message: T.csvRange });
    setState({ kind: 'busy' });
    try {
      const backend = await store.backend();
      const result = await fetchOrdersCsv(backend, range.from, range.to);
      if (!result.ok)
        return setState({ kind: 'error', message: `${T.csvFailed} ${result.message}` });
      saveFile(result.blob, result.fileName);
      setState({ kind: 'done', fileName: result.fileName });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setState({ kind: 'error', message: `${T.csvFailed} ${message}` });
    }
  };

  return (
    <section aria-labelledby="admin-csv-heading" className="admin-section">
      <h2 id="admin-csv-heading">{T.csvHeading}</h2>
      <form className="admin-csv" onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label htmlFor={fromId}>{T.csvFrom}</label>
          <input
            id={fromId}
            className="input"
            type="date"
            value={range.from}
            onChange={(event) => setRange({ ...range, from: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={toId}>{T.csvTo}</label>
          <input
            id={toId}
            className="input"
            type="date"
            value={range.to}
            onChange={(event) => setRange({ ...range, to: event.target.value })}
          />
        </div>
        <button className="button" type="submit" aria-disabled={state.kind === 'busy'}>
          {T.csvDownload}
        </button>
      </form>
      {state.kind === 'error' ? (
        <p role="alert" className="admin-error">
          {state.message}
        </p>
      ) : (
        <p role="status" className="admin-hint">
          {state.kind === 'busy'
            ? T.csvDownloading
            : state.kind === 'done'
              ? T.csvDone(state.fileName)
              : ''}
        </p>
      )}
    </section>
  );
}
