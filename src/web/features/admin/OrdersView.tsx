import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import {
  isOrderStatus,
  ORDER_STATUSES,
  type OrderStatus,
} from '../../../contracts/functions/order.ts';
import { type StaffOrder } from '../../../contracts/functions/staff-order.ts';
import { shownOrderStatus } from '../../../contracts/order-status.ts';
import { useHashQuery } from '../../lib/hash-location.ts';
import { CsvExport } from './CsvExport.tsx';
import { formatDateTime, formatPrice, statusText } from './format.ts';
import { ADMIN_TEXT as T } from './texts.ts';
import { useOrders } from './use-orders.ts';

/** How long typing pauses before the search runs. */
const SEARCH_DELAY_MS = 300;

/** The list page: filters kept in the hash's query (`#/admin?status=paid&q=KS-10`). */
export function OrdersView() {
  const [params, setParams] = useHashQuery();
  const rawStatus = params.get('status');
  const status = isOrderStatus(rawStatus) ? rawStatus : null;
  const q = (params.get('q') ?? '').trim();
  const list = useOrders({ status, q });
  const query = params.toString();
  const section = useRef<HTMLElement>(null);
  // After "Show more", focus moves to the first order it added, so keyboard users carry on there.
  const focusFrom = useRef<number | null>(null);
  const { rows, more } = list;
  useLayoutEffect(() => {
    const from = focusFrom.current;
    if (from === null || more === 'loading') return;
    focusFrom.current = null;
    if (rows.length > from) {
      section.current?.querySelectorAll<HTMLElement>('tbody th a')[from]?.focus();
    }
  }, [rows.length, more]);

  return (
    <>
      <h1 tabIndex={-1}>{T.title}</h1>
      <section aria-labelledby="admin-orders-heading" className="admin-section" ref={section}>
        <h2 id="admin-orders-heading">{T.ordersHeading}</h2>
        <Filters
          status={status}
          q={q}
          onStatus={(next) =>
            setParams((current) => {
              if (next) current.set('status', next);
              else current.delete('status');
              return current;
            })
          }
          onSearch={(next) =>
            setParams(
              (current) => {
                if (next) current.set('q', next);
                else current.delete('q');
                return current;
              },
              { replace: true },
            )
          }
        />
        {list.status === 'error' ? (
          <div className="admin-failed">
            <p role="alert">{T.failed}</p>
            <button className="button" type="button" onClick={list.retry}>
              {T.retry}
            </button>
          </div>
        ) : list.status === 'loading' ? (
          <p role="status">{T.loading}</p>
        ) : list.rows.length === 0 ? (
          <p role="status">{T.empty}</p>
        ) : (
          <>
            <OrdersTable rows={list.rows} query={query} />
            <div className="admin-more">
              <p role="status" className="admin-more__status">
                {list.more === 'loading'
                  ? T.loadingMore
                  : list.more === 'done'
                    ? T.allShown(list.rows.length)
                    : T.shown(list.rows.length)}
              </p>
              {list.more === 'failed' && <p role="alert">{T.failed}</p>}
              {list.more !== 'done' && (
                <button
                  className="button"
                  type="button"
                  aria-disabled={list.more === 'loading'}
                  onClick={() => {
                    focusFrom.current = list.rows.length;
                    list.loadMore();
                  }}
                >
                  {list.more === 'failed' ? T.retry : T.showMore}
                </button>
              )}
            </div>
          </>
        )}
      </section>
      <CsvExport />
    </>
  );
}

interface FiltersProps {
  status: OrderStatus | null;
  q: string;
  onStatus: (status: OrderStatus | null) => void;
  onSearch: (q: string) => void;
}

function Filters({ status, q, onStatus, onSearch }: FiltersProps) {
  const statusId = useId();
  const searchId = useId();
  const hintId = useId();
  const [text, setText] = useState(q);
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  });

  // The URL changed by itself (back button, a shared link): show its search.
  const typed = useRef(q);
  useEffect(() => {
    if (q !== typed.current.trim()) {
      typed.current = q;
      setText(q);
    }
  }, [q]);

  useEffect(() => {
    if (text.trim() === q) return undefined;
    const timer = setTimeout(() => onSearchRef.current(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, q]);

  return (
    <form className="admin-filters" role="search" onSubmit={(event) => event.preventDefault()}>
      <div className="field">
        <label htmlFor={statusId}>{T.statusFilter}</label>
        <select
          id={statusId}
          className="select"
          value={status ?? ''}
          onChange={(event) =>
            onStatus(isOrderStatus(event.target.value) ? event.target.value : null)
          }
        >
          <option value="">{T.statuses.all}</option>
          {ORDER_STATUSES.map((value) => (
            <option key={value} value={value}>
              {T.statuses[value]}
            </option>
          ))}
        </select>
      </div>
      <div className="field admin-filters__search">
        <label htmlFor={searchId}>{T.search}</label>
        <input
          id={searchId}
          className="input"
          type="search"
          autoComplete="off"
          spellCheck={false}
          aria-describedby={hintId}
          value={text}
          onChange={(event) => {
            typed.current = event.target.value;
            setText(event.target.value);
          }}
        />
        <span id={hintId} className="admin-hint">
          {T.searchHint}
        </span>
      </div>
    </form>
  );
}

function OrdersTable({ rows, query }: { rows: StaffOrder[]; query: string }) {
  const c = T.columns;
  return (
    <table className="admin-table">
      <caption className="visually-hidden">{T.ordersLabel}</caption>
      <thead>
        <tr>
          <th scope="col">{c.number}</th>
          <th scope="col">{c.placed}</th>
          <th scope="col">{c.email}</th>
          <th scope="col">{c.status}</th>
          <th scope="col" className="admin-table__money">
            {c.total}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={String(row.id)}>
            <th scope="row" data-label={c.number}>
              <a href={`#/admin/orders/${row.order_number}${query ? '?' + query : ''}`}>
                {row.order_number}
              </a>
            </th>
            <td data-label={c.placed}>
              <time dateTime={row.created_at}>{formatDateTime(row.created_at)}</time>
            </td>
            <td data-label={c.email}>{row.email ?? T.noEmail}</td>
            <td data-label={c.status}>
              <span className={`admin-status admin-status--${shownOrderStatus(row)}`}>
                {statusText(row)}
              </span>
            </td>
            <td data-label={c.total} className="admin-table__money price">
              {formatPrice(row.total_cents)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
