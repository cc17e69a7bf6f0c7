import { useId, useState } from 'react';
import type { DiscountCode } from '../../../../contracts/functions/admin-discounts.ts';
import { useSessionStore } from '../../../lib/session-react.tsx';
import { formatPrice } from '../format.ts';
import { useStaffList } from '../use-staff-list.ts';
import { fetchDiscounts, setDiscountActive } from './api.ts';
import { DiscountForm } from './DiscountForm.tsx';
import { discountStatus, discountText, expiryText } from './status.ts';
import { DISCOUNT_TEXT as T } from './texts.ts';
import './discounts.css';

type Notice = { kind: 'done' | 'failed'; text: string } | null;

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
        {list.status === 'failed' ? (
          <div className="admin-failed">
            <p role="alert">{T.failed(list.message)}</p>
            <button className="button" type="button" onClick={list.retry}>
              {T.retry}
            </button>
          </div>
        ) : list.status === 'loading' ? (
          <p role="status">{T.loading}</p>
        ) : list.rows.length === 0 ? (
          <p>{T.empty}</p>
        ) : (
          <CodesTable rows={list.rows} busy={busy} onToggle={(code) => void toggle(code)} />
        )}
        <p role="status" className="discounts__notice">
          {notice?.kind === 'done' ? notice.text : ''}
        </p>
        {notice?.kind === 'failed' && (
          <p role="alert" className="admin-error">
            {notice.text}
          </p>
        )}
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
      <caption className="visually-hidden">{T.tableLabel}</caption>
      <thead>
        <tr>
          <th scope="col">{c.code}</th>
          <th scope="col">{c.discount}</th>
          <th scope="col">{c.status}</th>
          <th scope="col">{c.redemptions}</th>
          <th scope="col">{c.orders}</th>
          <th scope="col" className="admin-table__money">
            {c.revenue}
          </th>
          <th scope="col">{c.expires}</th>
          <th scope="col">{c.actions}</th>
        </tr>
      </thead>
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
