import { describe, expect, it } from 'vitest';
import { databaseTargets, lastMailTo, mailsTo, serverFixture } from '../test-support/index.ts';

const DAY_AND_A_BIT = 25 * 3600 * 1000; // past AUTH_REAUTHENTICATE_AFTER's 24 h

const codeIn = (text: string) => /^\d{6}$/m.exec(text)?.[0] ?? '';

describe.each(databaseTargets())('reauthentication for a password change on $name', (target) => {
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

  async function signsInWith(email: string, password: string) {
    const { error } = await fx.server.authClient().signInWithPassword({ email, password });
    return error === null;
  }

  it('lets a recent session change the password without a code, and tells the address', async () => {
    const { shopper, client } = await signedIn('recent');
    expect((await client.updateUser({ password: 'recent new password' })).error).toBeNull();
    expect(await signsInWith(shopper.email, 'recent new password')).toBe(true);
    const notice = await lastMailTo(fx.db, shopper.email, 'password_changed');
    expect(notice.text_body).toContain(shopper.email);
  });

  it('asks an older session for the mailed code; a wrong one changes nothing', async () => {
    const { shopper, client } = await signedIn('older');
    fx.server.clock.advance(DAY_AND_A_BIT);
    await client.refreshSession(); // the access token expired meanwhile; the session did not

    const bare = await client.updateUser({ password: 'without a code' });
    expect(bare.error).toMatchObject({
      status: 400,
      code: 'reauthentication_needed',
      message: 'Password update requires reauthentication',
    });

    expect((await client.reauthenticate()).error).toBeNull();
    const mail = await lastMailTo(fx.db, shopper.email, 'reauthentication');
    const code = codeIn(mail.text_body);
    expect(code).toMatch(/^\d{6}$/);
    const wrongCode = code === '000000' ? '000001' : '000000';
    const wrong = await client.updateUser({ password: 'with a wrong code', nonce: wrongCode });
    expect(wrong.error).toMatchObject({
      status: 422,
      code: 'reauthentication_not_valid',
      message: 'Nonce has expired or is invalid',
    });
    expect(await signsInWith(shopper.email, 'with a wrong code')).toBe(false);
    expect(await mailsTo(fx.db, shopper.email, 'password_changed')).toEqual([]);

    const right = await client.updateUser({ password: 'with the right code', nonce: code });
    expect(right.error).toBeNull();
    expect(await signsInWith(shopper.email, 'with the right code')).toBe(true);
    expect(await mailsTo(fx.db, shopper.email, 'password_changed')).toHaveLength(1);

    // Spent: the same code does not work twice.
    const reused = await client.updateUser({ password: 'with a used code', nonce: code });
    expect(reused.error).toMatchObject({ code: 'reauthentication_not_valid' });
  });

  it('refuses an expired code', async () => {
    const { shopper, client } = await signedIn('expired-code');
    fx.server.clock.advance(DAY_AND_A_BIT);
    await client.refreshSession();
    await client.reauthenticate();
    const code = codeIn((await lastMailTo(fx.db, shopper.email, 'reauthentication')).text_body);
    fx.server.clock.advance(fx.server.config.auth.mail.tokenTtlSeconds * 1000 + 1000);
    await client.refreshSession();
    const late = await client.updateUser({ password: 'too late for this', nonce: code });
    expect(late.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });
    expect(await signsInWith(shopper.email, shopper.password)).toBe(true);
  });

  it('sends one code per interval, and needs a signed-in user', async () => {
    const { shopper, client } = await signedIn('codes');
    expect((await client.reauthenticate()).error).toBeNull();
    const again = await client.reauthenticate();
    expect(again.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(await mailsTo(fx.db, shopper.email, 'reauthentication')).toHaveLength(1);

    const anonymous = await fx.server.call('/auth/v1/reauthenticate');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 'no_authorization' });
  });
});
