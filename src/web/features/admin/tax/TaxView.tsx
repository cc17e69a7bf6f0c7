import { useId, useState } from 'react';
import type { TaxRate } from '../../../../contracts/functions/admin-tax-rates.ts';
import { useSessionStore } from '../../../lib/session-react.tsx';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { LoadedList } from '../Loaded.tsx';
import { SaveNotice, type Notice } from '../SaveNotice.tsx';
import { TableHead } from '../TableHead.tsx';
import { useStaffList } from '../use-staff-list.ts';
import { archiveTaxRate, fetchTaxRates } from './api.ts';
import { ShippingTaxable } from './ShippingTaxable.tsx';
import { TaxRateForm } from './TaxRateForm.tsx';
import { TAX_TEXT as T } from './texts.ts';
import './tax.css';

/**
 * The back office's tax (docs/decisions/0050-discount-codes-and-sales-tax.md): whether shipping is
 * taxed, the owner's rates at the provider with Archive per row, and a form for a new rate.
 */
export function TaxView() {
  const store = useSessionStore();
  const list = useStaffList(fetchTaxRates);
  const [archiving, setArchiving] = useState<TaxRate | null>(null);
  const [pending, setPending] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const settingsId = useId();
  const ratesId = useId();
  const formId = useId();

  const ask = (rate: TaxRate) => {
    setNotice(null);
    setDialogError(null);
    setArchiving(rate);
  };
  const archive = async () => {
    if (!archiving || pending) return;
    setPending(true);
    try {
      const saved = await archiveTaxRate(await store.backend(), archiving.id);
      list.update((rows) => rows.map((row) => (row.id === saved.id ? saved : row)));
      setArchiving(null);
      setNotice({ kind: 'done', text: T.archivedDone(saved.displayName) });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      // Shown in the dialog, which keeps the page behind it inert, and after it if closed.
      setDialogError(T.archiveFailed(archiving.displayName, message));
    } finally {
      setPending(false);
    }
  };
  const close = () => {
    if (dialogError && archiving) setNotice({ kind: 'failed', text: dialogError });
    setArchiving(null);
  };

  return (
    <>
      <h1 tabIndex={-1}>{T.heading}</h1>
      <p>{T.intro}</p>
      <section className="admin-section" aria-labelledby={settingsId}>
        <h2 id={settingsId}>{T.settingsHeading}</h2>
        <ShippingTaxable />
      </section>
      <section className="admin-section" aria-labelledby={ratesId}>
        <h2 id={ratesId}>{T.ratesHeading}</h2>
        <LoadedList list={list} text={T}>
          {(rows) => <RatesTable rows={rows} onArchive={ask} />}
        </LoadedList>
        <SaveNotice notice={notice} />
      </section>
      <section className="admin-section" aria-labelledby={formId}>
        <h2 id={formId}>{T.formHeading}</h2>
        <TaxRateForm onCreated={(rate) => list.update((rows) => [rate, ...rows])} />
      </section>
      {archiving && (
        <ConfirmDialog
          title={T.archiveTitle(archiving.displayName)}
          confirm={T.confirmArchive}
          dismiss={T.keepRate}
          pending={pending}
          error={dialogError}
          onConfirm={() => void archive()}
          onClose={close}
        >
          <p>{T.archiveBody}</p>
        </ConfirmDialog>
      )}
    </>
  );
}

function RatesTable({ rows, onArchive }: { rows: TaxRate[]; onArchive: (rate: TaxRate) => void }) {
  const c = T.columns;
  return (
    <table className="admin-table tax__table">
      <TableHead
        caption={T.tableLabel}
        columns={[c.name, c.country, c.state, { money: c.rate }, c.inclusive, c.status, c.actions]}
      />
      <tbody>
        {rows.map((rate) => (
          <tr key={rate.id} className={rate.active ? undefined : 'tax__row--archived'}>
            <th scope="row" data-label={c.name}>
              {rate.displayName}
            </th>
            <td data-label={c.country}>{rate.country ?? T.allStates}</td>
            <td data-label={c.state}>{rate.state ?? T.allStates}</td>
            <td data-label={c.rate} className="admin-table__money">
              {T.rate(rate.percentage)}
            </td>
            <td data-label={c.inclusive}>{rate.inclusive ? T.included : T.added}</td>
            <td data-label={c.status}>
              <span className="admin-status">{rate.active ? T.active : T.archived}</span>
            </td>
            <td data-label={c.actions}>
              {rate.active && (
                <button
                  type="button"
                  className="button button--small"
                  aria-label={T.archiveLabel(rate.displayName)}
                  onClick={() => onArchive(rate)}
                >
                  {T.archive}
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
