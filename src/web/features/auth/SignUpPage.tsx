import { useToast } from '../../components/toast/index.ts';
import { navigate } from '../../lib/hash-location.ts';
import { CredentialsPage } from './CredentialsPage.tsx';
import { AUTH_TEXT as T } from './texts.ts';

export function SignUpPage() {
  const toast = useToast();
  return (
    <CredentialsPage
      title={T.signUpTitle}
      lead={T.signUpLead}
      button={T.signUpButton}
      busyButton={T.signUpBusy}
      passwordAutoComplete="new-password"
      confirm
      submit={(auth, credentials) => auth.signUp(credentials)}
      onSuccess={() => {
        toast.show(T.signUpOk, { tone: 'success' });
        navigate('/login');
      }}
      footer={
        <>
          {T.haveAccount} <a href="#/login">{T.loginLink}</a>
        </>
      }
    />
  );
}
