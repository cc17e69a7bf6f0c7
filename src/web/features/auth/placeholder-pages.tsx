// Placeholders until the Accounts issue: each route exists with its heading, nothing more.
export function LoginPage() {
  return (
    <div className="page container">
      <h1 tabIndex={-1}>Login</h1>
      <p className="page-lead">
        Accounts are on their way. Until then you can browse and fill your cart.
      </p>
    </div>
  );
}

export function SignUpPage() {
  return (
    <div className="page container">
      <h1 tabIndex={-1}>Sign Up</h1>
      <p className="page-lead">
        Accounts are on their way. Until then you can browse and fill your cart.
      </p>
    </div>
  );
}
