import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfigTag } from './app-config.ts';
import { pgliteTarget, startTestServer, type TestDatabase } from '../test-support/index.ts';

const TAG = /<script type="application\/json" id="app-config">(.*?)<\/script>/s;

describe('appConfigTag', () => {
  it('escapes anything that could close the tag or open markup', () => {
    const tag = appConfigTag({
      supabaseUrl: 'https://shop.example',
      supabaseAnonKey: '</script><script>alert(1)</script>&\u2028',
    });
    const json = TAG.exec(tag)![1]!;
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual({
      supabaseUrl: 'https://shop.example',
      supabaseAnonKey: '</script><script>alert(1)</script>&\u2028',
    });
  });
});

describe.each([pgliteTarget])('the page carries the app config on $name', (target) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(async () => {
    await db?.close();
  });

  const configOf = async (res: Response) => {
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html.indexOf('id="app-config"')).toBeLessThan(html.indexOf('</head>'));
    return JSON.parse(TAG.exec(html)![1]!) as Record<string, string>;
  };

  it("uses the request's (allowed) origin when PUBLIC_URL is unset, and the stored anon key", async () => {
    // In process there is no port: ALLOWED_HOSTS names are answered without one (a proxy on 80).
    const server = await startTestServer({
      db,
      env: { ALLOWED_HOSTS: 'localhost,192.168.1.9' },
    });
    const local = 'http://localhost';
    const a = await configOf(await server.app.request(`${local}/keebshop/`));
    expect(a).toEqual({ supabaseUrl: local, supabaseAnonKey: server.anonKey });
    const b = await configOf(await server.app.request('http://192.168.1.9/keebshop/index.html'));
    expect(b.supabaseUrl).toBe('http://192.168.1.9');
    // The key on the page is the one the APIs accept.
    const res = await server.app.request(`${local}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: a.supabaseAnonKey!, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'page@example.com', password: 'password-1' }),
    });
    expect(res.status).toBe(200);
  });

  it('uses PUBLIC_URL when set', async () => {
    const server = await startTestServer({ db, env: { PUBLIC_URL: 'https://keebs.example/' } });
    const config = await configOf(await server.app.request('http://10.0.0.1:3000/keebshop/'));
    expect(config.supabaseUrl).toBe('https://keebs.example');
  });
});
