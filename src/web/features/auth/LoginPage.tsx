import { useToast } from '../../components/toast/index.ts';
import { navigate } from '../../lib/hash-location.ts';
import { CredentialsPage } from './CredentialsPage.tsx';
import { AUTH_TEXT as T } from './texts.ts';

export function LoginPage() {
  const toast = useToast();
  return (
    <CredentialsPage
      title={T.loginTitle}
      lead={T.loginLead}
      button={T.loginButton}
      busyButton={T.loginBusy}
      passwordAutoComplete="current-password"
      submit={(auth, credentials) => auth.signInWithPassword(credentials)}
      onSuccess={() => {
        toast.show(T.loginOk, { tone: 'success' });
        navigate('/');
      }}
      footer={
        <a href="#/signup">
          {T.noAccount} {T.signUpLink}
        </a>
      }
    />
  );
}
