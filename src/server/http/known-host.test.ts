import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { knownHosts, requireKnownHost } from './known-host.ts';

function appFor(
  publicUrl: string | undefined,
  settings: { port: number; host: string; allowedHosts: string[] },
) {
  const app = new Hono();
  app.use(requireKnownHost({ publicUrl, allowedHosts: knownHosts(settings) }));
  app.all('*', (c) => c.text(new URL(c.req.url).origin));
  return app;
}

describe('requireKnownHost', () => {
  it('answers localhost, 127.0.0.1, [::1] and HOST on PORT, and ALLOWED_HOSTS on PORT or none', async () => {
    const app = appFor(undefined, {
      port: 3000,
      host: '10.1.2.3',
      allowedHosts: ['Shop.LAN', 'fd00::5'],
    });
    for (const origin of [
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
      'http://10.1.2.3:3000',
      'http://shop.lan:3000',
      'http://shop.lan',
      'http://[fd00::5]',
      'http://[fd00::5]:3000',
    ]) {
      const res = await app.request(`${origin}/keebshop/`);
      expect(res.status, origin).toBe(200);
      expect(await res.text()).toBe(origin);
    }
  });

  it('answers 400 to another port or loopback name, and any other Host, except on /healthz', async () => {
    const app = appFor(undefined, { port: 3000, host: '0.0.0.0', allowedHosts: ['shop.lan'] });
    for (const origin of [
      'http://evil.example',
      'http://0.0.0.0:3000',
      'http://localhost.evil:3000',
      // Loopback, but maybe another server on this machine: links must not lead there.
      'http://evil.localhost:6666',
      'http://app.localhost:3000',
      'http://localhost:6666',
      'http://localhost',
      'http://127.0.0.2:3000',
      'http://[::1]:6666',
      'http://shop.lan:6666',
    ]) {
      const res = await app.request(`${origin}/rest/v1/orders`);
      expect(res.status, origin).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'PGRST100' });
    }
    expect((await app.request('http://evil.localhost:6666/healthz')).status).toBe(200);
  });

  it('takes no port for PORT 80, as a URL writes it', async () => {
    const app = appFor(undefined, { port: 80, host: '::', allowedHosts: [] });
    expect((await app.request('http://localhost/keebshop/')).status).toBe(200);
    expect((await app.request('http://localhost:80/keebshop/')).status).toBe(200);
    expect((await app.request('http://localhost:3000/keebshop/')).status).toBe(400);
  });

  it('lets every Host through when PUBLIC_URL decides the links', async () => {
    const app = appFor('https://shop.example', { port: 3000, host: '0.0.0.0', allowedHosts: [] });
    expect((await app.request('http://evil.example/keebshop/')).status).toBe(200);
  });
});
