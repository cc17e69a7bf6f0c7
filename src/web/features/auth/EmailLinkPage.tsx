// #/emailLink: where a mailed link lands once lib/mailed-link.ts has taken its fragment out of the
// address bar (docs/decisions/0031-sessions-from-mailed-links.md). A session is handed to the auth
// client and the shopper sent on by the link's type; an error fragment explains itself here.
import { useEffect, useState } from 'react';
import { Logo } from '../../components/art/Logo.tsx';
import { useToast } from '../../components/toast/index.ts';
import { navigate, useHashQuery } from '../../lib/hash-location.ts';
import {
  clearMailedSession,
  pendingMailedSession,
  type MailedSession,
} from '../../lib/mailed-link.ts';
import { useSessionStore } from '../../lib/session-react.tsx';
import type { SessionStore } from '../../lib/session.ts';
import { messageOf } from './errors.ts';
import { markRecovery } from './recovery.ts';
import { AUTH_TEXT as T } from './texts.ts';
import './auth.css';

type Outcome = { to: string; toast?: string } | { failed: string };

// One run per captured session, shared by StrictMode's second effect.
let running: { session: MailedSession; outcome: Promise<Outcome> } | null = null;

async function openSession(store: SessionStore, session: MailedSession): Promise<Outcome> {
  try {
    const { auth } = await store.backend();
    const { data, error } = await auth.setSession({
      access_token: session.accessToken,
      refresh_token: session.refreshToken,
    });
    if (error || !data.user) return { failed: error?.message ?? 'no user' };
    switch (session.type) {
      case 'recovery':
        markRecovery(data.user.id);
        return { to: '/resetPassword' };
      case 'email_change':
        return { to: '/settings', toast: T.emailChanged(data.user.email ?? '') };
      case 'signup':
        return { to: '/home', toast: T.emailConfirmed };
      default:
        return { to: '/home' };
    }
  } catch (thrown) {
    return { failed: messageOf(thrown) };
  }
}

function LinkError({ detail }: { detail?: string }) {
  return (
    <>
      <h1 tabIndex={-1}>{T.linkErrorTitle}</h1>
      <p role="alert" className="auth-card__message">
        {detail ? T.linkFailed(detail) : T.linkError}
      </p>
      <ul className="auth-card__ways">
        <li>
          {T.linkRecovery} <a href="#/forgotPassword">{T.requestLink}</a>
        </li>
        <li>
          <a href="#/login">{T.linkSignUp}</a>
        </li>
        <li>
          {T.linkEmailChange} <a href="#/settings">{T.settingsLink}</a>.
        </li>
      </ul>
    </>
  );
}

export function EmailLinkPage() {
  const store = useSessionStore();
  const toast = useToast();
  const [query] = useHashQuery();
  const linkError = query.get('error');
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    const session = pendingMailedSession();
    if (!session) {
      // A reload or a bookmark of #/emailLink: nothing left to open.
      if (linkError === null) navigate('/home', { replace: true });
      return undefined;
    }
    if (running?.session !== session) running = { session, outcome: openSession(store, session) };
    let live = true;
    void running.outcome.then((outcome) => {
      if (!live) return;
      clearMailedSession();
      running = null;
      if ('failed' in outcome) {
        setFailed(outcome.failed);
        return;
      }
      if (outcome.toast) toast.show(outcome.toast, { tone: 'success' });
      navigate(outcome.to, { replace: true });
    });
    return () => {
      live = false;
    };
  }, [store, toast, linkError]);

  return (
    <div className="page container auth-page">
      <div className="card auth-card">
        <Logo className="auth-card__logo" />
        {linkError !== null || failed !== null ? (
          <LinkError detail={failed ?? undefined} />
        ) : (
          <>
            <h1 tabIndex={-1}>{T.linkTitle}</h1>
            <p role="status">{T.linkOpening}</p>
          </>
        )}
      </div>
    </div>
  );
}
