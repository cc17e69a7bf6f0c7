import { useToast } from '../../components/toast/index.ts';
import { navigate, useHashQuery } from '../../lib/hash-location.ts';
import { RETURN_TO_PARAM, safeReturnTo } from '../../lib/return-to.ts';
import { CredentialsPage } from './CredentialsPage.tsx';
import { ResendConfirmation } from './ResendConfirmation.tsx';
import { AUTH_TEXT as T } from './texts.ts';

export function LoginPage() {
  const toast = useToast();
  // Back where the shopper was sent from (e.g. the cart at checkout), else home.
  const [query] = useHashQuery();
  const returnTo = safeReturnTo(query.get(RETURN_TO_PARAM));
  return (
    <CredentialsPage
      title={T.loginTitle}
      lead={T.loginLead}
      button={T.loginButton}
      busyButton={T.loginBusy}
      passwordAutoComplete="current-password"
      submit={({ auth }, credentials) => auth.signInWithPassword(credentials)}
      onSuccess={() => {
        toast.show(T.loginOk, { tone: 'success' });
        navigate(returnTo);
      }}
      // With email confirmation on, an unconfirmed account cannot log in yet: say so, and offer
      // a new link (docs/product.md, Password reset and email links).
      explain={(error, { email }) =>
        error.code === 'email_not_confirmed'
          ? { text: T.notConfirmed, offer: <ResendConfirmation key={email} email={email} /> }
          : { text: error.message }
      }
      extra={
        <p className="auth-card__forgot">
          <a href="#/forgotPassword">{T.forgotLink}</a>
        </p>
      }
      footer={
        <a href="#/signup">
          {T.noAccount} {T.signUpLink}
        </a>
      }
    />
  );
}
