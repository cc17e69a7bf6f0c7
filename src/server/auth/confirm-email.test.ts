import { describe, expect, it } from 'vitest';
import {
  databaseTargets,
  followLink,
  lastMailTo,
  mailsTo,
  serverFixture,
  tokenOf,
  verifyLinkIn,
} from '../test-support/index.ts';

const PASSWORD = 'confirm-me-please';

describe.each(databaseTargets())('sign-up with AUTH_CONFIRM_EMAIL on $name', (target) => {
  const fx = serverFixture(target, { env: { AUTH_CONFIRM_EMAIL: 'true' } });

  it('says so in /settings: mailer_autoconfirm is false', async () => {
    const res = await fx.server.call('/auth/v1/settings');
    expect(await res.json()).toMatchObject({ mailer_autoconfirm: false });
  });

  it('creates an unconfirmed user, mails the link, and the link confirms and signs in', async () => {
    const email = 'confirm@example.com';
    const client = fx.server.authClient();
    const { data, error } = await client.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email, identities: [{ identity_data: { email } }] });
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.confirmation_sent_at).toEqual(expect.any(String));

    const denied = await client.signInWithPassword({ email, password: PASSWORD });
    expect(denied.error).toMatchObject({
      status: 400,
      code: 'email_not_confirmed',
      message: 'Email not confirmed',
    });
    // A wrong password is told as wrong, never as unconfirmed.
    const wrong = await client.signInWithPassword({ email, password: 'not the password' });
    expect(wrong.error).toMatchObject({ code: 'invalid_credentials' });

    const mail = await lastMailTo(fx.db, email, 'signup_confirmation');
    expect(mail.subject).toBe('Confirm your Keebshop account');
    const opened = await followLink(fx.server, verifyLinkIn(mail));
    expect(opened.status).toBe(303);
    expect(opened.fragment).toMatchObject({ type: 'signup', token_type: 'bearer' });
    const session = await client.setSession({
      access_token: opened.fragment.access_token!,
      refresh_token: opened.fragment.refresh_token!,
    });
    expect(session.data.user?.email_confirmed_at).toEqual(expect.any(String));
    expect(session.data.user?.identities?.[0]?.identity_data?.email_verified).toBe(true);

    const signedIn = await fx.server.authClient().signInWithPassword({ email, password: PASSWORD });
    expect(signedIn.error).toBeNull();
  });

  it('answers a taken email like a new one, without a mail or a new account', async () => {
    const email = 'taken-confirmed@example.com';
    const first = await fx.server.authClient().signUp({ email, password: PASSWORD });
    const link = verifyLinkIn(await lastMailTo(fx.db, email, 'signup_confirmation'));
    await followLink(fx.server, link);
    const before = await mailsTo(fx.db, email);

    const again = await fx.server.authClient().signUp({ email, password: 'another password' });
    expect(again.error).toBeNull();
    expect(again.data.session).toBeNull();
    const shape = (user: object | null) => Object.keys(user ?? {}).sort();
    expect(shape(again.data.user)).toEqual(shape(first.data.user));
    expect(again.data.user).toMatchObject({ email, identities: [] });
    expect(again.data.user?.id).not.toBe(first.data.user?.id);
    expect(await mailsTo(fx.db, email)).toEqual(before);
    // The account's password did not change.
    const login = await fx.server.authClient().signInWithPassword({ email, password: PASSWORD });
    expect(login.error).toBeNull();
  });

  it('resends the link to an unconfirmed account, the newest link alone working', async () => {
    const email = 'resend@example.com';
    await fx.server.authClient().signUp({ email, password: PASSWORD });
    const first = verifyLinkIn(await lastMailTo(fx.db, email, 'signup_confirmation'));

    const tooSoon = await fx.server.authClient().resend({ type: 'signup', email });
    expect(tooSoon.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    fx.server.clock.advance(61_000);
    const resent = await fx.server.authClient().resend({ type: 'signup', email });
    expect(resent.error).toBeNull();
    expect(await mailsTo(fx.db, email, 'signup_confirmation')).toHaveLength(2);
    const second = verifyLinkIn(await lastMailTo(fx.db, email, 'signup_confirmation'));

    expect((await followLink(fx.server, first)).fragment.error_code).toBe('otp_expired');
    const { data, error } = await fx.server
      .authClient()
      .verifyOtp({ token_hash: tokenOf(second), type: 'signup' });
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
  });

  it('answers resend 200 {} for unknown and confirmed addresses, mailing nothing', async () => {
    const confirmed = 'resend-confirmed@example.com';
    await fx.server.authClient().signUp({ email: confirmed, password: PASSWORD });
    await followLink(
      fx.server,
      verifyLinkIn(await lastMailTo(fx.db, confirmed, 'signup_confirmation')),
    );
    fx.server.clock.advance(61_000);
    for (const email of [confirmed, 'resend-unknown@example.com']) {
      const res = await fx.server.call('/auth/v1/resend', {
        method: 'POST',
        body: JSON.stringify({ type: 'signup', email }),
      });
      expect([res.status, await res.json()]).toEqual([200, {}]);
    }
    expect(await mailsTo(fx.db, confirmed, 'signup_confirmation')).toHaveLength(1);
    expect(await mailsTo(fx.db, 'resend-unknown@example.com')).toEqual([]);
  });

  it('refuses resend without a known type or an email', async () => {
    for (const body of [
      { email: 'a@example.com' },
      { type: 'magiclink', email: 'a@example.com' },
      { type: 'signup' },
    ]) {
      const res = await fx.server.call('/auth/v1/resend', {
        method: 'POST',
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'validation_failed' });
    }
  });

  it('confirms an unconfirmed account by its recovery link too', async () => {
    const email = 'recover-unconfirmed@example.com';
    await fx.server.authClient().signUp({ email, password: PASSWORD });
    await fx.server.authClient().resetPasswordForEmail(email);
    const opened = await followLink(
      fx.server,
      verifyLinkIn(await lastMailTo(fx.db, email, 'recovery')),
    );
    expect(opened.fragment.type).toBe('recovery');
    const login = await fx.server.authClient().signInWithPassword({ email, password: PASSWORD });
    expect(login.error).toBeNull();
  });
});

describe.each(databaseTargets())('sign-up with AUTH_CONFIRM_EMAIL off on $name', (target) => {
  const fx = serverFixture(target);

  it("keeps today's flow: confirmed at once, taken answers 422, no mail", async () => {
    const settings = await fx.server.call('/auth/v1/settings');
    expect(await settings.json()).toMatchObject({ mailer_autoconfirm: true });
    const email = 'no-confirm@example.com';
    const { data, error } = await fx.server.authClient().signUp({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
    expect(data.user?.confirmation_sent_at).toBeUndefined();
    const taken = await fx.server.authClient().signUp({ email, password: PASSWORD });
    expect(taken.error).toMatchObject({ status: 422, code: 'user_already_exists' });
    expect(await mailsTo(fx.db, email)).toEqual([]);
    const login = await fx.server.authClient().signInWithPassword({ email, password: PASSWORD });
    expect(login.error).toBeNull();
  });
});
