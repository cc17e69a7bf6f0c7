import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it("defaults to GoTrue's token lifetime and a 10 s reuse window", () => {
    const config = loadConfig({});
    expect(config.publicUrl).toBeUndefined();
    expect(config.auth).toEqual({
      jwtExpirySeconds: 3600,
      refreshReuseSeconds: 10,
      signInLimit: { perEmailAndIp: 10, perEmail: 50, perIp: 30, windowSeconds: 300 },
      signUpLimit: { perIp: 30 },
      userUpdateLimit: { perUser: 10, perIp: 30 },
      trustProxy: false,
      mail: {
        confirmEmail: false,
        tokenTtlSeconds: 3600,
        sendIntervalSeconds: 60,
        perIp: 30,
        reauthenticateAfterSeconds: 86_400,
        redirectOrigins: [],
      },
    });
  });

  it('reads the auth knobs and PUBLIC_URL', () => {
    const config = loadConfig({
      JWT_EXPIRY: '900',
      PUBLIC_URL: 'https://shop.example/',
      SIGNIN_RATE_LIMIT_PER_EMAIL: '5',
      TRUST_PROXY: 'true',
    });
    expect(config.publicUrl).toBe('https://shop.example');
    expect(config.auth).toMatchObject({
      jwtExpirySeconds: 900,
      signInLimit: { perEmail: 5 },
      trustProxy: true,
    });
  });

  it('reads the auth mail settings: origins of the redirect allow-list, confirmation', () => {
    const config = loadConfig({
      AUTH_CONFIRM_EMAIL: 'true',
      AUTH_REDIRECT_ALLOW_LIST: 'https://app.example/any/path, http://localhost:5173',
      AUTH_REAUTHENTICATE_AFTER: '0',
    });
    expect(config.auth.mail).toMatchObject({
      confirmEmail: true,
      redirectOrigins: ['https://app.example', 'http://localhost:5173'],
      reauthenticateAfterSeconds: 0,
    });
    for (const bad of ['not a url', 'javascript:alert(1)']) {
      expect(() => loadConfig({ AUTH_REDIRECT_ALLOW_LIST: bad })).toThrow(
        /AUTH_REDIRECT_ALLOW_LIST/,
      );
    }
    expect(() => loadConfig({ AUTH_MAIL_TOKEN_TTL: '5' })).toThrow(/AUTH_MAIL_TOKEN_TTL/);
  });

  it('lists every problem at once', () => {
    let error: unknown;
    try {
      loadConfig({ JWT_EXPIRY: '60', PUBLIC_URL: 'ftp://x', TRUST_PROXY: 'maybe' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/^JWT_EXPIRY: /m);
    expect(problems).toMatch(/^PUBLIC_URL: must be an http:\/\/ or https:\/\/ URL/m);
    expect(problems).toMatch(/^TRUST_PROXY: /m);
  });

  it('reads ALLOWED_HOSTS as lower-case host names, and refuses ports and junk', () => {
    expect(loadConfig({}).allowedHosts).toEqual([]);
    expect(loadConfig({ ALLOWED_HOSTS: 'Shop.LAN, 192.168.1.5,[fd00::1]' }).allowedHosts).toEqual([
      'shop.lan',
      '192.168.1.5',
      '[fd00::1]',
    ]);
    for (const bad of ['shop.lan:3000', 'http://shop.lan', 'a,,b', 'shop lan']) {
      expect(() => loadConfig({ ALLOWED_HOSTS: bad }), bad).toThrow(/ALLOWED_HOSTS/);
    }
  });

  it('requires PUBLIC_URL when NODE_ENV=production, and only then', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /PUBLIC_URL: required when NODE_ENV=production/,
    );
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' }).publicUrl,
    ).toBe('https://shop.example');
    expect(loadConfig({ NODE_ENV: 'development' }).publicUrl).toBeUndefined();
  });

  it('refuses SHIPPING_COUNTRIES a checkout cannot ship to, naming each entry', () => {
    const problemsOf = (list: string) => {
      try {
        loadConfig({ SHIPPING_COUNTRIES: list });
      } catch (err) {
        if (err instanceof ConfigError) return err.problems;
        throw err;
      }
      return [];
    };
    // UK is the United Kingdom's everyday name, not its ISO code: every checkout failed with it.
    expect(problemsOf('UK,US')).toEqual([
      'SHIPPING_COUNTRIES: UK is not an ISO 3166-1 alpha-2 code: use GB (United Kingdom)',
    ]);
    expect(problemsOf('US,KP,EL,QQ,USA,,CA')).toEqual([
      'SHIPPING_COUNTRIES: KP (North Korea) is not a country Stripe can ship to',
      'SHIPPING_COUNTRIES: EL is not an ISO 3166-1 alpha-2 code: use GR (Greece)',
      'SHIPPING_COUNTRIES: QQ is not a two-letter ISO 3166-1 country code Stripe can ship to (such as US, GB, DE)',
      'SHIPPING_COUNTRIES: USA is not a two-letter ISO 3166-1 country code Stripe can ship to (such as US, GB, DE)',
      'SHIPPING_COUNTRIES: an empty entry (two commas in a row?) is not a country code',
    ]);
    expect(loadConfig({ SHIPPING_COUNTRIES: ' gb, xk ,us' }).shipping.countries).toEqual([
      'GB',
      'XK',
      'US',
    ]);
  });
});
