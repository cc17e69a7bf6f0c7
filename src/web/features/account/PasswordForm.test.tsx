// A password change from a session older than AUTH_REAUTHENTICATE_AFTER needs the mailed code.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { installDialogPolyfill } from '../../components/dialog-polyfill.testing.ts';
import { codeIn, lastMail } from '../../lib/mail.testing.ts';
import { findAlert, signIn, testShopPerFile } from '../../lib/test-shop.testing.tsx';
import { SettingsPage } from './index.ts';

beforeAll(installDialogPolyfill);
// Sessions count as old after an hour; codes may be asked for back to back.
const shop = testShopPerFile({
  env: { AUTH_REAUTHENTICATE_AFTER: '3600', AUTH_MAIL_SEND_INTERVAL: '0' },
});
const password = 'reauth-password-1';
let n = 0;

async function renderOldSession() {
  const email = `reauth-${++n}@example.com`;
  await shop.createAccount(email, password);
  const store = shop.newStore();
  await signIn(store, email, password);
  // Signed in two hours ago, as the server counts a session's age: from its row's created_at.
  await shop.server.query(
    `UPDATE auth.sessions SET created_at = created_at - interval '2 hours'
     WHERE user_id = (SELECT id FROM auth.users WHERE email = $1)`,
    [email],
  );
  shop.renderPage(<SettingsPage />, store);
  await screen.findByRole('button', { name: 'Update Password' });
  return { email };
}

async function canLogIn(email: string, secret: string): Promise<string | null> {
  const { auth } = await shop.newStore().backend();
  const { error } = await auth.signInWithPassword({ email, password: secret });
  return error ? error.message : null;
}

describe('changing the password of an older session', () => {
  it('mails a code, refuses a wrong one without changing anything, then takes the right one', async () => {
    const user = userEvent.setup();
    const { email } = await renderOldSession();
    await user.type(screen.getByLabelText('New Password'), 'after-code-password-3');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));

    const told = await screen.findByText(
      `To confirm it is you, we sent a code to ${email}. Enter it below to save the new password.`,
    );
    expect(told.getAttribute('role')).toBe('status');
    const field = screen.getByLabelText('Code from the email') as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.autocomplete).toBe('one-time-code');
    const code = codeIn(await lastMail(shop, email, 'reauthentication'));

    const wrong = code.replace(/^./, (d) => String((Number(d) + 1) % 10));
    await user.type(field, wrong);
    await user.click(screen.getByRole('button', { name: 'Confirm new password' }));
    expect(
      await findAlert(
        'That code is not valid or has expired. Check the latest email, or send a new code. Your password has not changed.',
      ),
    ).toBeTruthy();
    expect(await canLogIn(email, password)).toBeNull();

    await user.clear(field);
    await user.type(field, code);
    await user.click(screen.getByRole('button', { name: 'Confirm new password' }));
    expect(await screen.findByText('Password updated!')).toBeTruthy();
    expect(screen.queryByLabelText('Code from the email')).toBeNull();
    expect(await canLogIn(email, 'after-code-password-3')).toBeNull();
    expect(await canLogIn(email, password)).toBe('Invalid login credentials');
  });

  it('"Send a new code" mails another; "Cancel" goes back to the plain form', async () => {
    const user = userEvent.setup();
    const { email } = await renderOldSession();
    await user.type(screen.getByLabelText('New Password'), 'after-code-password-4');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    await screen.findByLabelText('Code from the email');
    const first = await lastMail(shop, email, 'reauthentication');

    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    await waitFor(async () =>
      expect((await lastMail(shop, email, 'reauthentication')).text_body).not.toBe(first.text_body),
    );
    // The mail can be stored before the form hears back; Cancel stays disabled until it does.
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect((cancel as HTMLButtonElement).disabled).toBe(false));
    await user.click(cancel);
    expect(screen.queryByLabelText('Code from the email')).toBeNull();
    expect(screen.getByRole('button', { name: 'Update Password' })).toBeTruthy();
    expect(await canLogIn(email, password)).toBeNull();
  });
});
