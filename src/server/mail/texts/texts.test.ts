// The auth mails' texts: what each says in text and HTML, its link intact in both, and text from a
// shopper (an address) escaped in the HTML.
import { describe, expect, it } from 'vitest';
import { emailChangeNewMail, emailChangeOldMail } from './email-change.ts';
import { passwordChangedMail } from './password-changed.ts';
import { reauthenticationMail } from './reauthentication.ts';
import { recoveryMail } from './recovery.ts';
import { signupConfirmationMail } from './signup-confirmation.ts';

const LINK = 'https://shop.example/auth/v1/verify?token=abc&type=recovery&redirect_to=x';
const ODD = 'o"brien<b>@example.com';

describe('auth mail texts', () => {
  it('recovery: the link, the lifetime and the account, in text and HTML', () => {
    const mail = recoveryMail({ email: 'a@example.com', link: LINK, ttlMinutes: 60 });
    expect(mail.subject).toBe('Reset your Keebshop password');
    expect(mail.text).toContain(`Choose a new password:\n${LINK}`);
    expect(mail.text).toContain('for 60 minutes');
    expect(mail.text).toContain('a@example.com');
    expect(mail.html).toContain(`href="${LINK.replaceAll('&', '&amp;')}"`);
  });

  it('sign-up confirmation carries its link', () => {
    const mail = signupConfirmationMail({ email: 'new@example.com', link: LINK, ttlMinutes: 30 });
    expect(mail.subject).toBe('Confirm your Keebshop account');
    expect(mail.text).toContain(`Confirm my address:\n${LINK}`);
    expect(mail.text).toContain('for 30 minutes');
  });

  it('email change: the link goes to the new address, the old one gets a notice without it', () => {
    const names = { oldEmail: 'old@example.com', newEmail: 'new@example.com' };
    const toNew = emailChangeNewMail({ ...names, link: LINK, ttlMinutes: 60 });
    expect(toNew.text).toContain(`Use this address:\n${LINK}`);
    expect(toNew.text).toContain('old@example.com');
    const toOld = emailChangeOldMail({
      ...names,
      settingsLink: 'https://shop.example/keebshop/#/settings',
    });
    expect(toOld.subject).toBe('Your Keebshop email address is about to change');
    expect(toOld.text).toContain('from old@example.com to new@example.com');
    expect(toOld.text).toContain('https://shop.example/keebshop/#/settings');
    expect(toOld.text).not.toContain(LINK);
  });

  it('password changed: says so, with a way back in', () => {
    const mail = passwordChangedMail({
      email: 'a@example.com',
      recoverLink: 'https://shop.example/keebshop/#/login',
    });
    expect(mail.subject).toBe('Your Keebshop password was changed');
    expect(mail.text).toContain('https://shop.example/keebshop/#/login');
  });

  it('reauthentication: the code on a line of its own, large in HTML', () => {
    const mail = reauthenticationMail({ code: '012345', ttlMinutes: 60 });
    expect(mail.text).toMatch(/^012345$/m);
    expect(mail.html).toContain('>012345</p>');
  });

  it('escapes an address in the HTML', () => {
    const mail = emailChangeNewMail({ oldEmail: ODD, newEmail: ODD, link: LINK, ttlMinutes: 60 });
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('o&quot;brien&lt;b&gt;@example.com');
    expect(mail.text).toContain(ODD);
  });
});
