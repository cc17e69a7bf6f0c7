import { useCallback, useEffect, useId, useState } from 'react';
import type { Catalogue } from '../../../../catalogue/index.ts';
import { useSessionStore } from '../../../lib/session-react.tsx';
import { fetchAllProducts } from '../../../state/catalogue-store.ts';
import { stockKey } from '../../../state/stock-store.ts';
import { fetchStock, type StockRow } from './api.ts';
import { StockRowEditor } from './StockRowEditor.tsx';
import { stockEditorText as t } from './texts.ts';
import './stock-editor.css';

type Loaded =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; rows: Map<string, StockRow>; catalogue: Catalogue };

/**
 * The back office's stock: every catalogue product and colour, on hand editable, per row. Shown
 * on request, so the order list above it loads alone. The products are read with the staff token,
 * drafts and archived ones included: their stock is kept too.
 */
export function StockEditor() {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const tableId = useId();
  return (
    <section className="stock-editor" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.title}</h2>
      <p>{t.intro}</p>
      <button
        type="button"
        className="button button--small"
        aria-expanded={open}
        aria-controls={open ? tableId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? t.hide : t.show}
      </button>
      {open && <StockTable id={tableId} />}
    </section>
  );
}

function StockTable({ id }: { id: string }) {
  const session = useSessionStore();
  const backend = useCallback(() => session.backend(), [session]);
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    backend()
      .then((b) => Promise.all([fetchStock(b), fetchAllProducts(b)]))
      .then(([rows, catalogue]) => live && setLoaded({ kind: 'ready', rows, catalogue }))
      .catch((err: unknown) => {
        if (live) setLoaded({ kind: 'failed', message: err instanceof Error ? err.message : '' });
      });
    return () => {
      live = false;
    };
  }, [backend]);

  const onSaved = (row: StockRow) =>
    setLoaded((current) =>
      current.kind === 'ready'
        ? { ...current, rows: new Map(current.rows).set(stockKey(row.productKey, row.color), row) }
        : current,
    );

  return (
    <div id={id}>
      {loaded.kind === 'loading' && <p role="status">{t.loading}</p>}
      {loaded.kind === 'failed' && <p role="alert">{t.loadFailed(loaded.message)}</p>}
      {loaded.kind === 'ready' && (
        <table className="stock-editor__table" aria-label={t.tableLabel}>
          <thead>
            <tr>
              <th scope="col">{t.product}</th>
              <th scope="col">{t.colour}</th>
              <th scope="col">{t.onHand}</th>
              <th scope="col">{t.available}</th>
            </tr>
          </thead>
          <tbody>
            {loaded.catalogue.products.flatMap((product) =>
              product.availableColors.map((color) => {
                const row = loaded.rows.get(stockKey(product.key, color));
                if (!row) return null;
                return (
                  <StockRowEditor
                    key={stockKey(product.key, color)}
                    name={product.name}
                    row={row}
                    backend={backend}
                    onSaved={onSaved}
                  />
                );
              }),
            )}
          </tbody>
        </table>
      )}
    </div>
  );
}
