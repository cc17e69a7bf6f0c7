import { useHashPath } from '../../lib/hash-location.ts';
import { useSession } from '../../lib/session-react.tsx';
import { OrderDetailView } from './OrderDetailView.tsx';
import { OrdersView } from './OrdersView.tsx';
import { ADMIN_TEXT as T } from './texts.ts';
import '../../components/controls.css';
import './admin.css';

/** `/admin/orders/KS-10042` names one order; `/admin` is the list. */
function orderNumberIn(path: string): string | null {
  const match = /^\/admin\/orders\/([^/]+)\/?$/i.exec(path);
  return match ? decodeURIComponent(match[1]!).toUpperCase() : null;
}

/**
 * The back office: staff only. The session's user carries the role the server gave the account;
 * the server checks it again on every read (row-level security) and action.
 */
export function AdminPage() {
  const { status, user } = useSession();
  const [path] = useHashPath();
  const staff = user?.app_metadata?.role === 'staff';
  const orderNumber = orderNumberIn(path);

  if (status === 'signedIn' && staff) {
    return (
      <div className="page container admin-page">
        {orderNumber ? <OrderDetailView orderNumber={orderNumber} /> : <OrdersView />}
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
