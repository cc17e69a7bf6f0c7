import { AuthApiError } from '@supabase/auth-js';
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

const EXPIRED = 'Email link is invalid or has expired';

describe.each(databaseTargets())('password recovery by mail on $name', (target) => {
  const fx = serverFixture(target);
  const later = () => fx.server.clock.advance(61_000); // past AUTH_MAIL_SEND_INTERVAL

  it('mails a link that signs in, and the new password then logs in', async () => {
    const shopper = await fx.server.signUp('forgot');
    const client = fx.server.authClient();
    const asked = await client.resetPasswordForEmail(shopper.email.toUpperCase(), {
      redirectTo: `${fx.server.config.siteUrl}/keebshop/#/resetPassword`,
    });
    expect(asked).toEqual({ data: {}, error: null });

    const mail = await lastMailTo(fx.db, shopper.email, 'recovery');
    expect(mail.subject).toBe('Reset your Keebshop password');
    const link = verifyLinkIn(mail);
    expect(link.startsWith(`${fx.server.config.siteUrl}/auth/v1/verify?`)).toBe(true);
    expect(mail.html_body).toContain(link.replaceAll('&', '&amp;'));

    const opened = await followLink(fx.server, link);
    expect(opened.status).toBe(303);
    expect(opened.cacheControl).toBe('no-store');
    // The fragment of redirect_to is replaced by the session.
    expect(opened.target).toBe(`${fx.server.config.siteUrl}/keebshop/`);
    expect(opened.fragment).toMatchObject({ type: 'recovery', token_type: 'bearer', sb: '' });
    expect(Number(opened.fragment.expires_in)).toBe(fx.server.config.auth.jwtExpirySeconds);

    const { access_token, refresh_token } = opened.fragment;
    const session = await client.setSession({
      access_token: access_token!,
      refresh_token: refresh_token!,
    });
    expect(session.error).toBeNull();
    expect(session.data.user?.email).toBe(shopper.email);
    expect((await client.updateUser({ password: 'a brand new password' })).error).toBeNull();

    const other = fx.server.authClient();
    const old = await other.signInWithPassword({
      email: shopper.email,
      password: shopper.password,
    });
    expect(old.error?.message).toBe('Invalid login credentials');
    const fresh = await other.signInWithPassword({
      email: shopper.email,
      password: 'a brand new password',
    });
    expect(fresh.error).toBeNull();
    // The reset is a password change: the account's address is told.
    const notice = await lastMailTo(fx.db, shopper.email, 'password_changed');
    expect(notice.subject).toBe('Your Keebshop password was changed');
  });

  it('refuses a link used once already, with the error in the fragment', async () => {
    const shopper = await fx.server.signUp('reuse');
    await fx.server.authClient().resetPasswordForEmail(shopper.email);
    const link = verifyLinkIn(await lastMailTo(fx.db, shopper.email, 'recovery'));
    expect((await followLink(fx.server, link)).fragment.access_token).toBeTruthy();
    const again = await followLink(fx.server, link);
    expect(again.status).toBe(303);
    expect(again.fragment).toEqual({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: EXPIRED,
      sb: '',
    });
    expect(again.fragment.access_token).toBeUndefined();
  });

  it('refuses an expired link, and a link replaced by a newer one', async () => {
    const shopper = await fx.server.signUp('expired');
    await fx.server.authClient().resetPasswordForEmail(shopper.email);
    const first = verifyLinkIn(await lastMailTo(fx.db, shopper.email, 'recovery'));
    later();
    await fx.server.authClient().resetPasswordForEmail(shopper.email);
    const second = verifyLinkIn(await lastMailTo(fx.db, shopper.email, 'recovery'));
    expect(second).not.toBe(first);
    expect((await followLink(fx.server, first)).fragment.error_code).toBe('otp_expired');

    fx.server.clock.advance(fx.server.config.auth.mail.tokenTtlSeconds * 1000 + 1000);
    expect((await followLink(fx.server, second)).fragment.error_code).toBe('otp_expired');
  });

  it('verifyOtp with the token_hash signs in once; a second use is 403 otp_expired', async () => {
    const shopper = await fx.server.signUp('otp');
    const client = fx.server.authClient();
    await client.resetPasswordForEmail(shopper.email);
    const token = tokenOf(verifyLinkIn(await lastMailTo(fx.db, shopper.email, 'recovery')));
    const { data, error } = await client.verifyOtp({ token_hash: token, type: 'recovery' });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(shopper.email);
    expect(data.user?.id).toBe(shopper.id);
    expect((await client.getUser()).data.user?.id).toBe(shopper.id);

    const again = await fx.server.authClient().verifyOtp({ token_hash: token, type: 'recovery' });
    expect(again.error).toBeInstanceOf(AuthApiError);
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired', message: EXPIRED });
    // A token of one type does not verify as another.
    const wrongType = await fx.server.authClient().verifyOtp({ token_hash: token, type: 'signup' });
    expect(wrongType.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('lets only one of two simultaneous uses of a link sign in', async () => {
    const shopper = await fx.server.signUp('race');
    await fx.server.authClient().resetPasswordForEmail(shopper.email);
    const token = tokenOf(verifyLinkIn(await lastMailTo(fx.db, shopper.email, 'recovery')));
    const uses = await Promise.all(
      [1, 2, 3].map(() =>
        fx.server.authClient().verifyOtp({ token_hash: token, type: 'recovery' }),
      ),
    );
    expect(uses.filter((u) => u.error === null)).toHaveLength(1);
    expect(uses.filter((u) => u.error?.code === 'otp_expired')).toHaveLength(2);
  });

  it('answers an unknown email exactly as a known one, and queues nothing', async () => {
    const unknown = 'nobody-here@example.com';
    const res = await fx.server.call('/auth/v1/recover', {
      method: 'POST',
      body: JSON.stringify({ email: unknown }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    expect(await mailsTo(fx.db, unknown)).toEqual([]);
  });

  it('sends one mail per address per interval, for known and unknown addresses alike', async () => {
    const shopper = await fx.server.signUp('limited');
    const recover = (email: string) =>
      fx.server.call('/auth/v1/recover', { method: 'POST', body: JSON.stringify({ email }) });
    for (const email of [shopper.email, 'unknown-limited@example.com']) {
      expect((await recover(email)).status).toBe(200);
      const again = await recover(email);
      expect(again.status).toBe(429);
      expect(await again.json()).toMatchObject({
        code: 'over_email_send_rate_limit',
        msg: expect.stringMatching(
          /^For security purposes, you can only request this after \d+ seconds\.$/,
        ),
      });
      expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(await mailsTo(fx.db, shopper.email, 'recovery')).toHaveLength(1);
    later();
    expect((await recover(shopper.email)).status).toBe(200);
    expect(await mailsTo(fx.db, shopper.email, 'recovery')).toHaveLength(2);
  });

  it('refuses a missing or malformed email with 400 validation_failed', async () => {
    for (const body of [{}, { email: '' }, { email: 'not an email' }]) {
      const res = await fx.server.call('/auth/v1/recover', {
        method: 'POST',
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'validation_failed' });
    }
  });

  it('returns only to the site itself: another origin gets the shop front page', async () => {
    const shopper = await fx.server.signUp('elsewhere');
    await fx.server.authClient().resetPasswordForEmail(shopper.email, {
      redirectTo: 'https://evil.example/steal',
    });
    const link = verifyLinkIn(await lastMailTo(fx.db, shopper.email, 'recovery'));
    expect(new URL(link).searchParams.get('redirect_to')).toBe(
      `${fx.server.config.siteUrl}/keebshop/`,
    );
    // Editing the link does not help either.
    const edited = new URL(link);
    edited.searchParams.set('redirect_to', 'https://evil.example/steal');
    const opened = await followLink(fx.server, edited.href);
    expect(opened.target).toBe(`${fx.server.config.siteUrl}/keebshop/`);
    expect(opened.fragment.access_token).toBeTruthy();
  });

  it('answers a link without token or type as GoTrue does, and needs no API key', async () => {
    const bare = await fx.server.fetch(`${fx.server.url}/auth/v1/verify?type=recovery`);
    expect(bare.status).toBe(400);
    expect(await bare.json()).toMatchObject({
      code: 'validation_failed',
      msg: 'Verify requires a token or a token hash',
    });
    const unknown = await followLink(
      fx.server,
      `${fx.server.url}/auth/v1/verify?token=nope&type=recovery`,
    );
    expect(unknown.fragment.error_code).toBe('otp_expired');
  });
});

describe('password recovery over HTTP', () => {
  const fx = serverFixture(databaseTargets()[0]!, { listen: true });

  it('follows the mailed link over a real connection: 303 with the session, no API key', async () => {
    const shopper = await fx.server.signUp('over-http');
    expect((await fx.server.authClient().resetPasswordForEmail(shopper.email)).error).toBeNull();
    const link = verifyLinkIn(await lastMailTo(fx.db, shopper.email, 'recovery'));
    const { pathname, search } = new URL(link);
    const res = await fetch(`${fx.server.url}${pathname}${search}`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(`${fx.server.config.siteUrl}/keebshop/`);
    const fragment = new URLSearchParams(location.hash.slice(1));
    const client = fx.server.authClient();
    const { data, error } = await client.setSession({
      access_token: fragment.get('access_token') ?? '',
      refresh_token: fragment.get('refresh_token') ?? '',
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(shopper.email);
  });
});
