import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { describe, expect, it } from 'vitest';
import { apiCors } from './cors.ts';
import { headersInPlace } from './response-headers.ts';
import { securityHeaders } from './security-headers.ts';

// The middleware that set headers once the handler answered, in the order app.ts uses them.
function appWith(routes: (app: Hono) => void): Hono {
  const app = new Hono();
  app.use(headersInPlace);
  app.use(securityHeaders());
  app.use(compress());
  app.use('/api/*', apiCors());
  routes(app);
  return app;
}

const rows = JSON.stringify(Array.from({ length: 50 }, (_, i) => ({ id: i, name: `Board ${i}` })));

describe('headers set after the handler answered', () => {
  it('reach a JSON answer with its body whole', async () => {
    const app = appWith((a) =>
      a.get('/api/orders', (c) => {
        c.header('Content-Range', '0-49/*');
        return c.body(rows, 200, { 'Content-Type': 'application/json; charset=utf-8' });
      }),
    );
    const res = await app.request('/api/orders', { headers: { Origin: 'https://shop.test' } });
    expect(await res.text()).toBe(rows);
    expect(res.headers.get('content-range')).toBe('0-49/*');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-expose-headers')).toContain('Content-Range');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
  });

  it('reach a response whose headers cannot change (a redirect)', async () => {
    const app = appWith((a) =>
      a.get('/api/away', () => Response.redirect('https://shop.test/', 302)),
    );
    const res = await app.request('/api/away');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://shop.test/');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('reach errors and compressed answers', async () => {
    const app = appWith((a) => {
      a.get('/api/fails', () => {
        throw new Error('boom');
      });
      a.onError((_, c) => c.json({ message: 'failed' }, 500));
    });
    const failed = await app.request('/api/fails');
    expect(failed.status).toBe(500);
    expect(failed.headers.get('access-control-allow-origin')).toBe('*');
    expect(failed.headers.get('x-frame-options')).toBe('DENY');

    const compressed = appWith((a) => a.get('/api/orders', (c) => c.json(JSON.parse(rows))));
    const res = await compressed.request('/api/orders', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(JSON.parse(gunzipSync(await res.arrayBuffer()).toString())).toEqual(JSON.parse(rows));
  });

  it('leave preflights to CORS as before', async () => {
    const app = appWith((a) => a.get('/api/orders', (c) => c.json([])));
    const res = await app.request('/api/orders', {
      method: 'OPTIONS',
      headers: { Origin: 'https://shop.test', 'Access-Control-Request-Method': 'GET' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-methods')).toContain('GET');
    expect(res.headers.get('access-control-max-age')).toBe('86400');
  });
});
