import { useSession } from '../../lib/session-react.tsx';
import { DeleteAccount } from './DeleteAccount.tsx';
import { EmailForm } from './credential-forms.tsx';
import { PasswordForm } from './PasswordForm.tsx';
import { SETTINGS_TEXT as T } from './texts.ts';
import '../../components/controls.css';
import './settings.css';

export function SettingsPage() {
  const { status, user } = useSession();

  return (
    <div className="page container settings-page">
      <h1 tabIndex={-1}>{T.title}</h1>
      {status === 'loading' && (
        <p role="status" className="settings-page__status">
          {T.loading}
        </p>
      )}
      {status === 'signedOut' && (
        <p className="settings-page__status">
          {T.loggedOut} <a href="#/login">{T.loginLink}</a>
        </p>
      )}
      {status === 'signedIn' && user && (
        <div className="settings-page__sections">
          {/* Keyed by user so a different account never sees the previous one's typing. */}
          <EmailForm
            key={user.id}
            currentEmail={user.email ?? ''}
            pendingEmail={user.new_email ?? null}
          />
          <PasswordForm key={`${user.id}-password`} email={user.email ?? ''} />
          <DeleteAccount key={`${user.id}-delete`} />
        </div>
      )}
    </div>
  );
}
