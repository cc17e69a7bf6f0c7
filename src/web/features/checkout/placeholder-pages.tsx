import { Link } from 'wouter';

// Placeholder until the Checkout issue: the route exists with its heading, nothing more.
export function OrderConfirmationPage() {
  return (
    <div className="page container">
      <h1 tabIndex={-1}>Order Confirmation</h1>
      <p className="page-lead">Checkout is not open yet, so there is no order to confirm.</p>
      <Link href="/" className="button">
        Continue Shopping
      </Link>
    </div>
  );
}
