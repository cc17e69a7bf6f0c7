import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { requireKnownHost } from './known-host.ts';

function appFor(publicUrl: string | undefined, allowedHosts: string[]) {
  const app = new Hono();
  app.use(requireKnownHost({ publicUrl, allowedHosts }));
  app.all('*', (c) => c.text(new URL(c.req.url).origin));
  return app;
}

describe('requireKnownHost', () => {
  it('answers loopback names, the listen address and the allowed names, on any port', async () => {
    const app = appFor(undefined, ['0.0.0.0', '10.1.2.3', 'Shop.LAN', '::1', 'fd00::5']);
    for (const origin of [
      'http://localhost:3000',
      'http://app.localhost',
      'http://127.0.0.1:1',
      'http://127.45.0.9',
      'http://[::1]:3000',
      'http://10.1.2.3:3000',
      'http://shop.lan:8080',
      'http://[fd00::5]',
    ]) {
      const res = await app.request(`${origin}/keebshop/`);
      expect(res.status, origin).toBe(200);
      expect(await res.text()).toBe(origin);
    }
  });

  it('answers 400 to any other Host, "every interface" included, except on /healthz', async () => {
    const app = appFor(undefined, ['0.0.0.0', '::']);
    for (const origin of ['http://evil.example', 'http://0.0.0.0:3000', 'http://localhost.evil']) {
      const res = await app.request(`${origin}/rest/v1/orders`);
      expect(res.status, origin).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'PGRST100' });
    }
    expect((await app.request('http://evil.example/healthz')).status).toBe(200);
  });

  it('lets every Host through when PUBLIC_URL decides the links', async () => {
    const app = appFor('https://shop.example', []);
    expect((await app.request('http://evil.example/keebshop/')).status).toBe(200);
  });
});
