import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { redactSmtpUrl } from './settings.ts';

function problemsOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems.join('\n');
  }
  throw new Error('expected a ConfigError');
}

describe('mail settings', () => {
  it('defaults to the development mailbox on 1080 and Keebshop <shop@localhost>', () => {
    expect(loadConfig({}).mail).toEqual({
      smtpUrl: undefined,
      from: 'Keebshop <shop@localhost>',
      fromAddress: 'shop@localhost',
      mailbox: { port: 1080, smtpPort: 0 },
    });
  });

  it('reads SMTP_URL, MAIL_FROM and the mailbox ports', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://shop%40example.com:s3cr%3Ft@smtp.example:465',
      MAIL_FROM: '"Keebshop Orders" <orders@shop.example>',
      MAILBOX_PORT: '1181',
      MAILBOX_SMTP_PORT: '1125',
    });
    expect(config.mail).toEqual({
      smtpUrl: 'smtps://shop%40example.com:s3cr%3Ft@smtp.example:465',
      from: '"Keebshop Orders" <orders@shop.example>',
      fromAddress: 'orders@shop.example',
      mailbox: { port: 1181, smtpPort: 1125 },
    });
    expect(loadConfig({ MAIL_FROM: 'shop@example.com' }).mail.fromAddress).toBe('shop@example.com');
    expect(loadConfig({ SMTP_URL: 'smtp://relay.lan' }).mail.smtpUrl).toBe('smtp://relay.lan');
  });

  it.each([
    'http://user:hunter2@smtp.example',
    'smtp://',
    'user:hunter2@smtp.example:587',
    'smtps//user:hunter2@smtp.example',
  ])('refuses SMTP_URL %s without repeating it', (url) => {
    const problems = problemsOf({ SMTP_URL: url });
    expect(problems).toMatch(/^SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/m);
    expect(problems).not.toContain('hunter2');
  });

  it.each(['Keebshop', 'Keebshop <>', 'shop@', '<shop@localhost', 'a b@example.com', 'x <a@b> y'])(
    'refuses MAIL_FROM %j',
    (from) => {
      expect(problemsOf({ MAIL_FROM: from })).toMatch(/^MAIL_FROM: must be a mail address/m);
    },
  );

  it('refuses mailbox ports out of range, listing every problem at once', () => {
    const problems = problemsOf({ MAILBOX_PORT: '70000', MAILBOX_SMTP_PORT: 'x', SMTP_URL: 'x' });
    expect(problems).toMatch(/^MAILBOX_PORT: /m);
    expect(problems).toMatch(/^MAILBOX_SMTP_PORT: /m);
    expect(problems).toMatch(/^SMTP_URL: /m);
  });

  it('hides the password when an SMTP URL is shown', () => {
    expect(redactSmtpUrl('smtps://shop:hunter2@smtp.example:465')).toBe(
      'smtps://shop:***@smtp.example:465',
    );
    expect(redactSmtpUrl('smtp://127.0.0.1:1025')).toBe('smtp://127.0.0.1:1025');
  });
});
