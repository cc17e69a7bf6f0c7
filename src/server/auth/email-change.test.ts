import { describe, expect, it } from 'vitest';
import {
  databaseTargets,
  followLink,
  lastMailTo,
  mailsTo,
  serverFixture,
  verifyLinkIn,
} from '../test-support/index.ts';

describe.each(databaseTargets())('email change by mail on $name', (target) => {
  const fx = serverFixture(target);

  async function signedIn(label: string) {
    const shopper = await fx.server.signUp(label);
    const client = fx.server.authClient();
    const login = await client.signInWithPassword({
      email: shopper.email,
      password: shopper.password,
    });
    expect(login.error).toBeNull();
    return { shopper, client };
  }

  it('changes the email only once the link sent to the new address is followed', async () => {
    const { shopper, client } = await signedIn('mover');
    const newEmail = 'moved-here@example.com';
    const { data, error } = await client.updateUser({ email: newEmail });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email: shopper.email, new_email: newEmail });
    expect(data.user?.email_change_sent_at).toEqual(expect.any(String));
    expect((await client.getUser()).data.user?.email).toBe(shopper.email);

    // The old address is told, and carries no link that could complete the change.
    const notice = await lastMailTo(fx.db, shopper.email, 'email_change_old');
    expect(notice.text_body).toContain(newEmail);
    expect(notice.text_body).not.toContain('/auth/v1/verify');
    const mail = await lastMailTo(fx.db, newEmail, 'email_change_new');
    const opened = await followLink(fx.server, verifyLinkIn(mail));
    expect(opened.status).toBe(303);
    expect(opened.fragment).toMatchObject({ type: 'email_change', token_type: 'bearer' });

    const fresh = fx.server.authClient();
    const session = await fresh.setSession({
      access_token: opened.fragment.access_token!,
      refresh_token: opened.fragment.refresh_token!,
    });
    expect(session.data.user).toMatchObject({ id: shopper.id, email: newEmail });
    expect(session.data.user?.new_email).toBeUndefined();
    expect(session.data.user?.identities?.[0]?.identity_data?.email).toBe(newEmail);

    const other = fx.server.authClient();
    const old = await other.signInWithPassword({
      email: shopper.email,
      password: shopper.password,
    });
    expect(old.error?.message).toBe('Invalid login credentials');
    const moved = await other.signInWithPassword({ email: newEmail, password: shopper.password });
    expect(moved.error).toBeNull();
    // The link is spent.
    expect((await followLink(fx.server, verifyLinkIn(mail))).fragment.error_code).toBe(
      'otp_expired',
    );
  });

  it('lets a newer request replace the pending one: the older link no longer works', async () => {
    const { shopper, client } = await signedIn('twice');
    await client.updateUser({ email: 'first-choice@example.com' });
    const first = verifyLinkIn(
      await lastMailTo(fx.db, 'first-choice@example.com', 'email_change_new'),
    );
    const tooSoon = await client.updateUser({ email: 'second-choice@example.com' });
    expect(tooSoon.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    fx.server.clock.advance(61_000);
    const { data } = await client.updateUser({ email: 'second-choice@example.com' });
    expect(data.user?.new_email).toBe('second-choice@example.com');

    expect((await followLink(fx.server, first)).fragment.error_code).toBe('otp_expired');
    expect((await client.getUser()).data.user?.email).toBe(shopper.email);
    const second = verifyLinkIn(
      await lastMailTo(fx.db, 'second-choice@example.com', 'email_change_new'),
    );
    expect((await followLink(fx.server, second)).fragment.type).toBe('email_change');
  });

  it('refuses the link when the address was taken in between, changing nothing', async () => {
    const { shopper, client } = await signedIn('raced');
    const wanted = 'contested@example.com';
    await client.updateUser({ email: wanted });
    const link = verifyLinkIn(await lastMailTo(fx.db, wanted, 'email_change_new'));
    await fx.server.authClient().signUp({ email: wanted, password: 'someone else entirely' });

    const opened = await followLink(fx.server, link);
    expect(opened.status).toBe(303);
    expect(opened.fragment).toEqual({
      error_code: 'email_exists',
      error_description: 'A user with this email address has already been registered',
      sb: '',
    });
    expect((await client.getUser()).data.user).toMatchObject({
      email: shopper.email,
      new_email: wanted,
    });
  });

  it('resends the pending change to the new address; nothing pending, nothing sent', async () => {
    const { shopper, client } = await signedIn('resender');
    const nothing = await fx.server
      .authClient()
      .resend({ type: 'email_change', email: shopper.email });
    expect(nothing.error).toBeNull();
    await client.updateUser({ email: 'resent-to@example.com' });
    fx.server.clock.advance(61_000);
    const resent = await fx.server
      .authClient()
      .resend({ type: 'email_change', email: shopper.email });
    expect(resent.error).toBeNull();
    const mails = await mailsTo(fx.db, 'resent-to@example.com', 'email_change_new');
    expect(mails).toHaveLength(2);
    expect((await followLink(fx.server, verifyLinkIn(mails[0]!))).fragment.error_code).toBe(
      'otp_expired',
    );
    expect((await followLink(fx.server, verifyLinkIn(mails[1]!))).fragment.type).toBe(
      'email_change',
    );
  });

  it('cancels a pending change when the password changes', async () => {
    const { client } = await signedIn('cancel');
    await client.updateUser({ email: 'hijack@example.com' });
    const link = verifyLinkIn(await lastMailTo(fx.db, 'hijack@example.com', 'email_change_new'));
    const changed = await client.updateUser({ password: 'a fresh password 2' });
    expect(changed.error).toBeNull();
    expect(changed.data.user?.new_email).toBeUndefined();
    expect((await followLink(fx.server, link)).fragment.error_code).toBe('otp_expired');
  });
});
