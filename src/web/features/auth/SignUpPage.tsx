import { useEffect, useRef, useState } from 'react';
import type { AuthResponse } from '@supabase/auth-js';
import { Logo } from '../../components/art/Logo.tsx';
import { useToast } from '../../components/toast/index.ts';
import { navigate } from '../../lib/hash-location.ts';
import { CredentialsPage } from './CredentialsPage.tsx';
import { ResendConfirmation } from './ResendConfirmation.tsx';
import { shopUrl } from './shop-url.ts';
import { AUTH_TEXT as T } from './texts.ts';

/**
 * With email confirmation on, sign-up answers a user without a session whose email is not
 * confirmed (or, for an address that already has an account, a made-up user without identities,
 * so the two look alike): the shopper must follow the mailed link first.
 */
export function needsConfirmation({ data }: AuthResponse): boolean {
  if (data.session) return false;
  return !data.user?.email_confirmed_at || data.user.identities?.length === 0;
}

function CheckEmail({ email }: { email: string }) {
  // The form (and the focused button) is gone: start reading from the new heading.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="page container auth-page">
      <div className="card auth-card">
        <Logo className="auth-card__logo" />
        <h1 tabIndex={-1} ref={heading}>
          {T.checkEmailTitle}
        </h1>
        <p role="status">{T.checkEmail(email)}</p>
        <ResendConfirmation email={email} />
        <p className="auth-card__switch">
          {T.haveAccount} <a href="#/login">{T.loginLink}</a>
        </p>
      </div>
    </div>
  );
}

export function SignUpPage() {
  const toast = useToast();
  const [confirming, setConfirming] = useState<string | null>(null);
  if (confirming !== null) return <CheckEmail email={confirming} />;
  return (
    <CredentialsPage
      title={T.signUpTitle}
      lead={T.signUpLead}
      button={T.signUpButton}
      busyButton={T.signUpBusy}
      passwordAutoComplete="new-password"
      confirm
      submit={(backend, credentials) =>
        backend.signUp({ ...credentials, options: { emailRedirectTo: shopUrl() } })
      }
      onSuccess={(result, { email }) => {
        if (needsConfirmation(result)) {
          setConfirming(email);
          return;
        }
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
