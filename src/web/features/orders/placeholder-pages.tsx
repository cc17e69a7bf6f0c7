// Placeholder until the Accounts issue: the route exists with its heading, nothing more.
export function OrderHistoryPage() {
  return (
    <div className="page container">
      <h1 tabIndex={-1}>Order History</h1>
      <p className="page-lead">Your past orders will be listed here once accounts arrive.</p>
    </div>
  );
}
