import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { createApp, type AppDeps } from '../app.ts';
import { createLogger } from './logger.ts';
import { createErrorHandler } from './on-error.ts';
import { requestLog } from './request-log.ts';

// Written out from the protocol reference (§1.2 "must include", plus Range for pagination), not
// imported from cors.ts: the test must fail if the implementation's list loses one of them.
const REQUIRED_ALLOWED_HEADERS = [
  'authorization',
  'apikey',
  'x-client-info',
  'content-type',
  'x-supabase-api-version',
  'accept-profile',
  'content-profile',
  'prefer',
  'x-retry-count',
  'range',
];

const page = '<!doctype html><script type="application/json" id="app-config">{}</script>';

// These tests exercise only the middleware: the database and auth service are never reached.
const unreachable = () => {
  throw new Error('not used by these tests');
};
const backend = {
  db: { kind: 'pglite', query: unreachable, transaction: unreachable, close: unreachable },
  auth: {
    anonKey: 'anon-key',
    verifyAccessToken: unreachable,
    trustsSigningKey: unreachable,
    identify: unreachable,
    handlers: {
      jwks: unreachable,
      signup: unreachable,
      token: unreachable,
      getUser: unreachable,
      updateUser: unreachable,
      logout: unreachable,
      health: unreachable,
      settings: unreachable,
      notFound: unreachable,
    },
    // Keys synced at 0 on a clock stopped there: the auth guards never reach the database.
    context: { anonKey: 'anon-key', now: () => new Date(0), tokens: { keys: { syncedAt: 0 } } },
  },
  siteUrl: 'http://keebshop.test',
} as unknown as Pick<AppDeps, 'db' | 'auth' | 'siteUrl'>;

const app = createApp({
  ...backend,
  web: { assets: async (c) => c.text('asset'), index: async (c) => c.html(page) },
  isReady: () => true,
});

describe('security headers', () => {
  it('send a CSP without inline script, nosniff, a referrer policy and no framing on the page', async () => {
    const res = await app.request('/keebshop/');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("img-src 'self' data:");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('are on API answers and errors too', async () => {
    const res = await app.request('/rest/v1/nothing/here/at/all');
    expect(res.status).toBe(404);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.json()).toMatchObject({ code: 'PGRST125', details: null, hint: null });
  });
});

describe('CORS on the APIs', () => {
  it('answers a browser preflight with every header the Supabase clients send', async () => {
    const res = await app.request('/rest/v1/orders', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://shop.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers':
          'authorization,apikey,x-client-info,content-profile,prefer',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = (res.headers.get('access-control-allow-headers') ?? '')
      .toLowerCase()
      .split(',');
    for (const h of REQUIRED_ALLOWED_HEADERS) expect(allowed).toContain(h);
    const methods = res.headers.get('access-control-allow-methods') ?? '';
    for (const m of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'])
      expect(methods).toContain(m);
  });

  it('exposes Content-Range and X-Supabase-Api-Version on actual responses', async () => {
    const res = await app.request('/auth/v1/anything', {
      headers: { Origin: 'https://shop.example' },
    });
    const exposed = (res.headers.get('access-control-expose-headers') ?? '').toLowerCase();
    for (const h of ['content-range', 'x-supabase-api-version', 'content-profile', 'range-unit']) {
      expect(exposed).toContain(h);
    }
  });

  it('is not sent for the web app', async () => {
    const res = await app.request('/keebshop/', { headers: { Origin: 'https://evil.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('body limit', () => {
  const huge = 'x'.repeat(1024 * 1024 + 1);

  it('answers 413 in PostgREST shape on /rest/v1', async () => {
    const res = await app.request('/rest/v1/orders', { method: 'POST', body: huge });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'PGRST413', details: null, hint: null });
  });

  it('answers 413 in GoTrue shape on /auth/v1, with the API version header', async () => {
    const res = await app.request('/auth/v1/signup', { method: 'POST', body: huge });
    expect(res.status).toBe(413);
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    const body = await res.json();
    expect(body).toMatchObject({ code: 'request_too_large', error_code: 'request_too_large' });
    expect(body.msg).toMatch(/too large/);
  });
});

describe('request ids and logs', () => {
  it('echoes a valid incoming X-Request-Id and makes one otherwise', async () => {
    const mine = await app.request('/healthz', { headers: { 'X-Request-Id': 'abc-123' } });
    expect(mine.headers.get('x-request-id')).toBe('abc-123');
    const made = await app.request('/healthz', {
      headers: { 'X-Request-Id': 'bad id; with spaces' },
    });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('writes one JSON line per request without the query string', async () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', destination: { write: (l) => lines.push(l) } });
    const logged = new Hono();
    logged.use(requestLog({ logger }));
    logged.get('/x', (c) => c.text('ok'));
    await logged.request('/x?apikey=secret&token=t', { headers: { 'X-Request-Id': 'r1' } });
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0] ?? '{}');
    expect(line).toMatchObject({ reqId: 'r1', method: 'GET', path: '/x', status: 200 });
    expect(typeof line.ms).toBe('number');
    expect(lines[0]).not.toContain('secret');
  });
});

describe('the error handler', () => {
  function appThrowing(err: Error) {
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', destination: { write: (l) => lines.push(l) } });
    const a = new Hono();
    a.onError(createErrorHandler({ logger }));
    a.post('/rest/v1/x', async (c) => c.json(await c.req.json()));
    a.get('/auth/v1/boom', () => {
      throw err;
    });
    return { a, lines };
  }

  it('turns malformed JSON into a 400 in the API shape, not a 500', async () => {
    const { a } = appThrowing(new Error('unused'));
    const res = await a.request('/rest/v1/x', { method: 'POST', body: '{"a":' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'PGRST102' });
  });

  it('logs a crash with the request id and answers 500 without details', async () => {
    const { a, lines } = appThrowing(new Error('database exploded'));
    const res = await a.request('/auth/v1/boom');
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body).toMatchObject({ code: 'unexpected_failure', msg: 'Internal server error' });
    expect(JSON.stringify(body)).not.toContain('exploded');
    expect(lines.join('')).toContain('database exploded');
  });

  it('sends errors to console.error when no logger is configured', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const quiet = createApp({
      ...backend,
      web: {
        assets: async () => {
          throw new Error('disk gone');
        },
        index: async (c) => c.html(page),
      },
      isReady: () => true,
    });
    const res = await quiet.request('/keebshop/assets/a.js');
    expect(res.status).toBe(500);
    expect(spy).toHaveBeenCalledWith(expect.stringContaining('disk gone'));
    spy.mockRestore();
  });
});
