import { useId, useState } from 'react';
import type { DiscountCode } from '../../../../contracts/functions/admin-discounts.ts';
import { useSessionStore } from '../../../lib/session-react.tsx';
import { formatPrice } from '../format.ts';
import { LoadedList } from '../Loaded.tsx';
import { SaveNotice, type Notice } from '../SaveNotice.tsx';
import { TableHead } from '../TableHead.tsx';
import { useStaffList } from '../use-staff-list.ts';
import { fetchDiscounts, setDiscountActive } from './api.ts';
import { DiscountForm } from './DiscountForm.tsx';
import { discountStatus, discountText, expiryText } from './status.ts';
import { DISCOUNT_TEXT as T } from './texts.ts';
import './discounts.css';

/**
 * The back office's discount codes (docs/decisions/0050-discount-codes-and-sales-tax.md): every
 * code at the provider with its redemptions and what the shop's orders with it took, paused and
 * resumed per row, and a form for a new one.
 */
export function DiscountsView() {
  const store = useSessionStore();
  const list = useStaffList(fetchDiscounts);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const listId = useId();
  const formId = useId();

  const toggle = async (code: DiscountCode) => {
    if (busy) return;
    setBusy(code.id);
    setNotice(null);
    try {
      const saved = await setDiscountActive(await store.backend(), code.id, !code.active);
      list.update((rows) => rows.map((row) => (row.id === saved.id ? saved : row)));
      setNotice({
        kind: 'done',
        text: saved.active ? T.resumed(saved.code) : T.paused(saved.code),
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      setNotice({ kind: 'failed', text: T.changeFailed(code.code, message) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <h1 tabIndex={-1}>{T.heading}</h1>
      <p>{T.intro}</p>
      <section className="admin-section" aria-labelledby={listId}>
        <h2 id={listId}>{T.listHeading}</h2>
        <LoadedList list={list} text={T}>
          {(rows) => <CodesTable rows={rows} busy={busy} onToggle={(code) => void toggle(code)} />}
        </LoadedList>
        <SaveNotice notice={notice} />
      </section>
      <section className="admin-section" aria-labelledby={formId}>
        <h2 id={formId}>{T.formHeading}</h2>
        <DiscountForm onCreated={(code) => list.update((rows) => [code, ...rows])} />
      </section>
    </>
  );
}

interface CodesTableProps {
  rows: DiscountCode[];
  /** The code being paused or resumed: its button waits. */
  busy: string | null;
  onToggle: (code: DiscountCode) => void;
}

function CodesTable({ rows, busy, onToggle }: CodesTableProps) {
  const c = T.columns;
  // Read once: a code that expires while the page is open shows so on the next load.
  const [now] = useState(() => Math.floor(Date.now() / 1000));
  return (
    <table className="admin-table discounts__table">
      <TableHead
        caption={T.tableLabel}
        columns={[
          c.code,
          c.discount,
          c.status,
          c.redemptions,
          c.orders,
          { money: c.revenue },
          c.expires,
          c.actions,
        ]}
      />
      <tbody>
        {rows.map((code) => {
          const status = discountStatus(code, now);
          // Expired and used-up codes stay inactive at the provider: nothing to pause or resume.
          const canToggle = status === 'active' || status === 'paused';
          return (
            <tr key={code.id}>
              <th scope="row" data-label={c.code}>
                <span className="discounts__code">{code.code}</span>
              </th>
              <td data-label={c.discount}>
                {discountText(code)}
                {code.minimumAmountCents !== null && (
                  <span className="admin-hint discounts__rule">
                    {T.minimum(formatPrice(code.minimumAmountCents))}
                  </span>
                )}
                {code.firstTimeOnly && (
                  <span className="admin-hint discounts__rule">{T.firstOrder}</span>
                )}
              </td>
              <td data-label={c.status}>
                <span className={`admin-status discounts__status--${status}`}>
                  {T.statuses[status]}
                </span>
              </td>
              <td data-label={c.redemptions}>
                {T.redemptions(code.timesRedeemed, code.maxRedemptions)}
              </td>
              <td data-label={c.orders}>{code.orders}</td>
              <td data-label={c.revenue} className="admin-table__money price">
                {formatPrice(code.revenueCents)}
              </td>
              <td data-label={c.expires}>{expiryText(code.expiresAt)}</td>
              <td data-label={c.actions}>
                {canToggle && (
                  <button
                    type="button"
                    className="button button--small"
                    disabled={busy !== null}
                    aria-label={
                      status === 'active' ? T.pauseLabel(code.code) : T.resumeLabel(code.code)
                    }
                    onClick={() => onToggle(code)}
                  >
                    {busy === code.id ? T.working : status === 'active' ? T.pause : T.resume}
                  </button>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
