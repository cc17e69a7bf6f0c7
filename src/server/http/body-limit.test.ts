import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { bodyLimit } from './body-limit.ts';

/** An app whose handlers echo the body they read, behind the limit under test. */
function echoApp() {
  const app = new Hono();
  app.use('*', bodyLimit({ maxBytes: 1000, maxJsonDepth: 4 }));
  app.post('*', async (c) => c.text(await c.req.text()));
  return app;
}

/** A body with no Content-Length, arriving in pieces as a streaming client sends it. */
function streamed(...parts: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      controller.close();
    },
  });
}

function post(path: string, body: BodyInit, contentType = 'application/json') {
  return echoApp().request(path, {
    method: 'POST',
    body,
    headers: { 'content-type': contentType },
    // Node's fetch needs this for a stream body.
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
}

describe('bodyLimit', () => {
  it('hands the whole body on, byte for byte, when it fits both limits', async () => {
    const text = JSON.stringify({ a: [[{ b: 'ü [[[[ 🎹' }]], pad: 'x'.repeat(800) });
    const res = await post('/rest/v1/t', streamed(text.slice(0, 7), text.slice(7)));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(text);
  });

  it('refuses JSON nested past the cap with 400 in each API shape, and closes the connection', async () => {
    const deep = '['.repeat(5) + ']'.repeat(5);
    const rest = await post('/rest/v1/t', deep);
    expect(rest.status).toBe(400);
    expect(rest.headers.get('connection')).toBe('close');
    expect(await rest.json()).toEqual({
      code: 'PGRST102',
      details: null,
      hint: null,
      message: 'JSON nested too deeply: at most 4 levels of arrays and objects',
    });
    const auth = await post('/auth/v1/signup', streamed('{"a":', deep, '}'));
    expect(auth.status).toBe(400);
    expect(await auth.json()).toMatchObject({ code: 'bad_json', error_code: 'bad_json' });
    const fn = await post('/functions/v1/checkout', deep);
    expect(fn.status).toBe(400);
    expect(await fn.json()).toMatchObject({ error: 'bad_json' });
  });

  it('refuses bodies over the byte limit with 413, declared or streamed', async () => {
    const big = JSON.stringify({ pad: 'x'.repeat(1000) });
    const declared = await post('/rest/v1/t', big);
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ code: 'PGRST413' });
    const chunked = await post('/auth/v1/token', streamed(big.slice(0, 500), big.slice(500)));
    expect(chunked.status).toBe(413);
    expect(await chunked.json()).toMatchObject({ code: 'request_too_large' });
  });

  it('does not count brackets in a form body as nesting', async () => {
    const form = 'a[[[[[[[[=1&b={{{{{{=2';
    const res = await post('/auth/v1/token', form, 'application/x-www-form-urlencoded');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(form);
  });
});
