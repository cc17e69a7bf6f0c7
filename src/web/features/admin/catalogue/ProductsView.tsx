import { useId } from 'react';
import { formatPrice, type ProductStatus } from '../../../../catalogue/index.ts';
import { useHashQuery } from '../../../lib/hash-location.ts';
import { formatDateTime } from '../format.ts';
import { Loaded } from '../Loaded.tsx';
import type { ProductRow } from './api.ts';
import { PRODUCTS_PATH, productPath } from './paths.ts';
import { ProductsCsv } from './ProductsCsv.tsx';
import { PRODUCT_TEXT as T, STATUS_TEXT } from './texts.ts';
import { useProducts } from './use-products.ts';
import './products.css';

const STATUSES = Object.keys(STATUS_TEXT) as ProductStatus[];
const isStatus = (value: string | null): value is ProductStatus =>
  STATUSES.includes(value as ProductStatus);

/** Found by part of its name, key, address or one of its SKUs, any case. */
function matches(row: ProductRow, q: string): boolean {
  const needle = q.trim().toLowerCase();
  if (!needle) return true;
  const haystack = [row.name, row.key, row.url_key, ...row.variants.map((v) => v.sku)];
  return haystack.some((text) => text.toLowerCase().includes(needle));
}

/**
 * Every product, drafts and archived ones included, searched and filtered in the browser (the
 * catalogue is small and read whole); the filters live in the URL (`?status=draft&q=pro`) so a
 * filtered list can be shared and is kept when coming back from a product.
 */
export function ProductsView() {
  const [params, setParams] = useHashQuery();
  const rawStatus = params.get('status');
  const status = isStatus(rawStatus) ? rawStatus : null;
  const q = params.get('q') ?? '';
  const list = useProducts();
  const statusId = useId();
  const searchId = useId();
  const query = params.toString();
  const shown = list.rows.filter((row) => (!status || row.status === status) && matches(row, q));

  const setParam = (name: string, value: string, replace: boolean) =>
    setParams(
      (current) => {
        if (value) current.set(name, value);
        else current.delete(name);
        return current;
      },
      { replace },
    );

  return (
    <>
      <h1 tabIndex={-1}>{T.listHeading}</h1>
      <p>
        <a className="button" href={`#${PRODUCTS_PATH}/new`}>
          {T.newProduct}
        </a>
      </p>
      <form className="admin-filters" role="search" onSubmit={(event) => event.preventDefault()}>
        <div className="field">
          <label htmlFor={statusId}>{T.statusFilter}</label>
          <select
            id={statusId}
            className="select"
            value={status ?? ''}
            onChange={(event) => setParam('status', event.target.value, false)}
          >
            <option value="">{T.statuses.all}</option>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_TEXT[value]}
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
            aria-describedby={`${searchId}-hint`}
            value={q}
            onChange={(event) => setParam('q', event.target.value, true)}
          />
          <span id={`${searchId}-hint`} className="admin-hint">
            {T.searchHint}
          </span>
        </div>
      </form>
      <Loaded
        status={list.status}
        loading={T.loading}
        failed={T.failed}
        retry={T.retry}
        onRetry={list.retry}
      >
        <p role="status">
          {shown.length === 0 ? T.empty : T.shown(shown.length, list.rows.length)}
        </p>
        {shown.length > 0 && <ProductsTable rows={shown} query={query} />}
      </Loaded>
      {/* Kept mounted while the list reloads after an import, so its message stays. */}
      <ProductsCsv rows={list.rows} ready={list.status === 'ready'} onImported={list.retry} />
    </>
  );
}

function ProductsTable({ rows, query }: { rows: ProductRow[]; query: string }) {
  const c = T.columns;
  return (
    <table className="admin-table">
      <caption className="visually-hidden">{T.listLabel}</caption>
      <thead>
        <tr>
          <th scope="col">{c.name}</th>
          <th scope="col">{c.category}</th>
          <th scope="col" className="admin-table__money">
            {c.price}
          </th>
          <th scope="col">{c.colours}</th>
          <th scope="col">{c.status}</th>
          <th scope="col">{c.updated}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row" data-label={c.name}>
              <a href={`#${productPath(row.key)}${query ? '?' + query : ''}`}>{row.name}</a>
              <span className="admin-hint product-list__key">{row.key}</span>
            </th>
            <td data-label={c.category}>{T.categories[row.category]}</td>
            <td data-label={c.price} className="admin-table__money price">
              {formatPrice(row.price_cents)}
            </td>
            <td data-label={c.colours}>{row.variants.map((v) => v.color).join(', ')}</td>
            <td data-label={c.status}>
              <span className={`admin-status product-status--${row.status}`}>
                {STATUS_TEXT[row.status]}
              </span>
            </td>
            <td data-label={c.updated}>
              <time dateTime={row.updated_at}>{formatDateTime(row.updated_at)}</time>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
