import { useHashPath } from '../../lib/hash-location.ts';
import { useSession } from '../../lib/session-react.tsx';
import { productsRoute } from './catalogue/paths.ts';
import { ProductEditorView } from './catalogue/ProductEditorView.tsx';
import { ProductsView } from './catalogue/ProductsView.tsx';
import { DiscountsView } from './discounts/DiscountsView.tsx';
import { OrderDetailView } from './OrderDetailView.tsx';
import { OrdersView } from './OrdersView.tsx';
import { StockEditor } from './stock/StockEditor.tsx';
import { TaxView } from './tax/TaxView.tsx';
import { ADMIN_TEXT as T } from './texts.ts';
import '../../components/controls.css';
import './admin.css';

/** `/admin/orders/KS-10042` names one order; `/admin` is the list. */
function orderNumberIn(path: string): string | null {
  const match = /^\/admin\/orders\/([^/]+)\/?$/i.exec(path);
  return match ? decodeURIComponent(match[1]!).toUpperCase() : null;
}

type Section = 'orders' | 'stock' | 'products' | 'discounts' | 'tax';

const SECTIONS: { id: Section; path: string }[] = [
  { id: 'orders', path: '/admin' },
  { id: 'stock', path: '/admin/stock' },
  { id: 'products', path: '/admin/products' },
  { id: 'discounts', path: '/admin/discounts' },
  { id: 'tax', path: '/admin/tax' },
];

function sectionOf(path: string): Section {
  const single = /^\/admin\/(stock|discounts|tax)\/?$/.exec(path)?.[1] as Section | undefined;
  if (single) return single;
  return productsRoute(path) ? 'products' : 'orders';
}

/**
 * The back office's sections. The current one is marked: aria-current "page" on the section's own
 * page, "true" on a page inside it (one order, one product).
 */
function AdminNav({ path }: { path: string }) {
  const current = sectionOf(path);
  return (
    <nav aria-label={T.nav.label} className="admin-nav">
      <ul>
        {SECTIONS.map(({ id, path: to }) => (
          <li key={id}>
            <a
              href={`#${to}`}
              aria-current={
                id !== current ? undefined : path.replace(/\/$/, '') === to ? 'page' : 'true'
              }
            >
              {T.nav[id]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The view a path names; any other path under /admin is the order list, as before. */
function AdminView({ path }: { path: string }) {
  const orderNumber = orderNumberIn(path);
  if (orderNumber) return <OrderDetailView orderNumber={orderNumber} />;
  const section = sectionOf(path);
  if (section === 'stock') {
    return (
      <>
        <h1 tabIndex={-1}>{T.title}</h1>
        <StockEditor />
      </>
    );
  }
  if (section === 'discounts') return <DiscountsView />;
  if (section === 'tax') return <TaxView />;
  const products = productsRoute(path);
  if (products?.view === 'list') return <ProductsView />;
  if (products?.view === 'editor') {
    // Keyed by product: another product's editor starts from its own saved values.
    return <ProductEditorView key={products.key ?? ''} productKey={products.key} />;
  }
  return <OrdersView />;
}

/**
 * The back office: staff only. The session's user carries the role the server gave the account;
 * the server checks it again on every read (row-level security) and action.
 */
export function AdminPage() {
  const { status, user } = useSession();
  const [path] = useHashPath();
  const staff = user?.app_metadata?.role === 'staff';

  if (status === 'signedIn' && staff) {
    return (
      <div className="page container admin-page">
        <AdminNav path={path} />
        <AdminView path={path} />
      </div>
    );
  }
  return (
    <div className="page container admin-page">
      <h1 tabIndex={-1}>{T.title}</h1>
      {status === 'signedOut' ? (
        <p>
          {T.loggedOut} <a href="#/login">{T.loginLink}</a>
        </p>
      ) : status === 'loading' ? (
        <p role="status">{T.checking}</p>
      ) : (
        <p className="admin-refusal">{T.notStaff}</p>
      )}
    </div>
  );
}
