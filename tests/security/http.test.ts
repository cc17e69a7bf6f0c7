// Security at the HTTP layer: oversized bodies are refused with 413 before they are read, and the
// CSP and the other security headers are on every answer: the page, the APIs and their errors.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pgliteTarget,
  type PayingTestServer,
  startTestServer,
} from '../../src/server/test-support/index.ts';

const MB = 1024 * 1024;

describe.each([pgliteTarget])('HTTP hardening on $name', (target) => {
  let shop: PayingTestServer;
  beforeAll(async () => {
    shop = await startTestServer({ target, payments: true, listen: true });
  });
  afterAll(() => shop?.close());

  /** POSTs `bytes` of JSON in chunks without a Content-Length, as a streaming client would. */
  function postChunked(path: string, bytes: number): Promise<number> {
    return new Promise((resolve, reject) => {
      const req = request(`${shop.url}${path}`, {
        method: 'POST',
        headers: { apikey: shop.anonKey, 'content-type': 'application/json' },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      // The server may close the connection once it has refused the body.
      req.on('error', (err) => (req.writableEnded ? undefined : reject(err)));
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let sent = 0;
      const pump = () => {
        while (sent < bytes) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
  }

  // Auth and the functions have smaller limits of their own: tests/security/nested-json.test.ts.
  it('refuses bodies over 1 MB with 413 on the auth, data and functions APIs', async () => {
    const big = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * MB) });
    for (const path of [
      '/auth/v1/signup',
      '/auth/v1/token?grant_type=password',
      '/rest/v1/orders',
      '/rest/v1/rpc/rate_product',
      '/functions/v1/checkout',
      '/functions/v1/confirm-checkout',
      '/functions/v1/stripe-webhook',
    ]) {
      const res = await shop.call(path, { method: 'POST', body: big });
      expect(res.status, path).toBe(413);
      await res.arrayBuffer();
      // Without Content-Length too: the limit counts what actually arrives.
      expect(await postChunked(path, 3 * MB), `${path} (chunked)`).toBe(413);
    }
    // Just under the data API's limit is read normally (here: an unknown function, not a size problem).
    const fits = await shop.call('/rest/v1/rpc/rate_product', {
      method: 'POST',
      body: JSON.stringify({ pad: 'x'.repeat(MB - 100) }),
    });
    expect(fits.status).not.toBe(413);
  });

  function expectSecurityHeaders(res: Response, what: string) {
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp, what).toContain("default-src 'self'");
    expect(csp, what).toContain("script-src 'self'");
    expect(csp, what).not.toContain('unsafe-inline');
    expect(csp, what).not.toContain('unsafe-eval');
    expect(csp, what).toContain("object-src 'none'");
    expect(csp, what).toContain("frame-ancestors 'none'");
    expect(csp, what).toContain("base-uri 'self'");
    // The page may send the shopper's card form only to itself and the hosted checkout page.
    expect(csp, what).toContain(`form-action 'self' ${shop.sandboxUrl}`);
    expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
    expect(res.headers.get('x-frame-options'), what).toBe('DENY');
    expect(res.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('cross-origin-opener-policy'), what).toBe('same-origin');
    expect(res.headers.get('strict-transport-security'), what).toMatch(/max-age=\d{7,}/);
    expect(res.headers.get('x-powered-by'), what).toBeNull();
  }

  it('sends the CSP and the other security headers on the page and every API, errors included', async () => {
    const answers: [string, Promise<Response>][] = [
      ['page', fetch(`${shop.url}/keebshop/`)],
      ['asset 404', fetch(`${shop.url}/keebshop/assets/missing.js`)],
      ['health', fetch(`${shop.url}/healthz`)],
      ['auth 404', shop.call('/auth/v1/settings')],
      ['jwks', fetch(`${shop.url}/auth/v1/.well-known/jwks.json`)],
      ['auth error', shop.call('/auth/v1/user', { token: 'bad' })],
      ['data', shop.call('/rest/v1/product_ratings?select=*')],
      ['data error', shop.call('/rest/v1/nope')],
      ['function error', shop.call('/functions/v1/checkout', { method: 'POST', body: '{}' })],
      ['not found', fetch(`${shop.url}/nowhere`)],
    ];
    for (const [what, pending] of answers) {
      const res = await pending;
      await res.arrayBuffer();
      expectSecurityHeaders(res, what);
    }
  });
});
