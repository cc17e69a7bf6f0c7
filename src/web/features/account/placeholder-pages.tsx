// Placeholder until the Accounts issue: the route exists with its heading, nothing more.
export function SettingsPage() {
  return (
    <div className="page container">
      <h1 tabIndex={-1}>Account Settings</h1>
      <p className="page-lead">Account settings arrive together with accounts.</p>
    </div>
  );
}
