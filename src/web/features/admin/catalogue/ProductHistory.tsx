import { useEffect, useState } from 'react';
import { useSessionStore } from '../../../lib/session-react.tsx';
import { formatDateTime } from '../format.ts';
import { fetchHistory, HISTORY_LIMIT } from './api.ts';
import type { AuditRow } from '../types.ts';
import { historyEntries, historyWhat, historyWho } from './history.ts';
import { PRODUCT_TEXT as T } from './texts.ts';

type Loaded =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; entries: AuditRow[] };

/**
 * Who changed the product, when and what, newest first (public.staff_audit_log, written by the
 * catalogue's trigger). Read again whenever `version` moves, i.e. after each save on this page.
 */
export function ProductHistory({ productKey, version }: { productKey: string; version: number }) {
  const store = useSessionStore();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    store
      .backend()
      .then((backend) => fetchHistory(backend, productKey))
      .then(
        (entries) => live && setLoaded({ status: 'ready', entries }),
        (error: unknown) => {
          // Logged only while the page still wants it (not after leaving the product).
          if (!live) return;
          console.error(T.historyFailed, error);
          // A history already shown stays: the next save reads it again.
          setLoaded((now) => (now.status === 'ready' ? now : { status: 'failed' }));
        },
      );
    return () => {
      live = false;
    };
  }, [store, productKey, version]);

  return (
    <section aria-labelledby="product-history" className="admin-section">
      <h2 id="product-history">{T.history}</h2>
      {loaded.status === 'loading' ? (
        <p role="status">{T.historyLoading}</p>
      ) : loaded.status === 'failed' ? (
        <p role="alert">{T.historyFailed}</p>
      ) : loaded.entries.length === 0 ? (
        <p>{T.noHistory}</p>
      ) : (
        <>
          <table className="admin-table">
            <caption className="visually-hidden">{T.history}</caption>
            <thead>
              <tr>
                <th scope="col">{T.when}</th>
                <th scope="col">{T.who}</th>
                <th scope="col">{T.what}</th>
              </tr>
            </thead>
            <tbody>
              {historyEntries(loaded.entries).map((entry) => {
                const { action, changes } = historyWhat(entry);
                return (
                  <tr key={String(entry.id)}>
                    <td data-label={T.when}>
                      <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                    </td>
                    <td data-label={T.who}>{historyWho(entry)}</td>
                    <td data-label={T.what}>
                      {action}
                      {changes.length > 0 && (
                        <ul className="admin-plain-list">
                          {changes.map((change, i) => (
                            <li key={i}>{change}</li>
                          ))}
                        </ul>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {loaded.entries.length === HISTORY_LIMIT && (
            <p className="admin-hint">{T.historyCapped(HISTORY_LIMIT)}</p>
          )}
        </>
      )}
    </section>
  );
}
