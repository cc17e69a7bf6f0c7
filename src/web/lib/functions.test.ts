import { FunctionsClient } from '@supabase/functions-js';
import { describe, expect, it } from 'vitest';
import { adminOrdersCsvFunction } from '../../contracts/functions/admin-orders-csv.ts';
import { adminOrdersFunction } from '../../contracts/functions/admin-orders.ts';
import { checkoutFunction } from '../../contracts/functions/checkout.ts';
import { confirmCheckoutFunction } from '../../contracts/functions/confirm-checkout.ts';
import { callFunction } from './functions.ts';

interface Sent {
  url: string;
  method: string;
  body: string | null;
}

/** The official client over a fetch that answers `answer` (a Response, or an error it throws). */
function functionsAnswering(answer: () => Response | Error) {
  const sent: Sent[] = [];
  const functions = new FunctionsClient('http://shop.test/functions/v1', {
    customFetch: async (input, init) => {
      sent.push({
        url: String(input),
        method: init?.method ?? 'GET',
        body: typeof init?.body === 'string' ? init.body : null,
      });
      const response = answer();
      if (response instanceof Error) throw response;
      return response;
    },
  });
  return { functions, sent };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const cart = { items: [{ key: 'switches:10', color: 'Yellow', quantity: 1 }] };

describe('callFunction', () => {
  it('sends the request as JSON and answers a 2xx parsed with the contract', async () => {
    const session = { id: 'cs_test_abc', url: 'https://pay.test/cs_test_abc' };
    const { functions, sent } = functionsAnswering(() => json(200, session));
    expect(await callFunction(functions, checkoutFunction, cart)).toMatchObject({
      ok: true,
      status: 200,
      answer: session,
    });
    expect(sent).toEqual([
      { url: 'http://shop.test/functions/v1/checkout', method: 'POST', body: JSON.stringify(cart) },
    ]);
  });

  it('sends a GET request as the query string, leaving out what is not set', async () => {
    const { functions, sent } = functionsAnswering(() => json(200, { orders: [], more: false }));
    const result = await callFunction(functions, adminOrdersFunction, {
      status: undefined,
      q: '',
      offset: 25,
      limit: 25,
    });
    expect(result).toMatchObject({ ok: true, answer: { orders: [], more: false } });
    expect(sent).toEqual([
      {
        url: 'http://shop.test/functions/v1/admin-orders?offset=25&limit=25',
        method: 'GET',
        body: null,
      },
    ]);
  });

  it('reads a text answer, with its headers', async () => {
    const csv = new Response('"Order"\r\n', {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="orders-2026-01-01-2026-01-31.csv"',
      },
    });
    const { functions } = functionsAnswering(() => csv);
    const from = '2026-01-01';
    const result = await callFunction(functions, adminOrdersCsvFunction, {
      from,
      to: '2026-01-31',
    });
    if (!result.ok) throw new Error(result.message);
    expect(result.answer).toBe('"Order"\r\n');
    expect(result.response?.headers.get('content-disposition')).toContain('orders-2026-01-01');
  });

  it('says what the answer lacks when a 2xx does not fit the contract', async () => {
    for (const body of [{}, { id: '', url: null }, { id: 'cs_test_abc' }]) {
      const { functions } = functionsAnswering(() => json(200, body));
      expect(await callFunction(functions, checkoutFunction, cart)).toEqual({
        ok: false,
        reason: 'malformed',
        status: 200,
        error: null,
        message: 'The server answered without the checkout session.',
      });
    }
    const { functions } = functionsAnswering(
      () => new Response('{not json', { headers: { 'content-type': 'application/json' } }),
    );
    expect(await callFunction(functions, checkoutFunction, cart)).toMatchObject({
      ok: false,
      reason: 'malformed',
      message: 'The server answered without the checkout session.',
    });
  });

  it('reads an error answer with the shared error schema, extra fields kept', async () => {
    const refusal = {
      error: 'stripe_invalid_request',
      type: 'StripeInvalidRequestError',
      message: 'The total is too large.',
    };
    const { functions } = functionsAnswering(() => json(400, refusal));
    expect(await callFunction(functions, checkoutFunction, cart)).toEqual({
      ok: false,
      reason: 'refused',
      status: 400,
      error: refusal,
      message: 'The total is too large.',
    });
  });

  it('says so when an error answer is not the error schema', async () => {
    const { functions } = functionsAnswering(
      () => new Response('<h1>Bad gateway</h1>', { status: 502 }),
    );
    expect(await callFunction(functions, checkoutFunction, cart)).toEqual({
      ok: false,
      reason: 'refused',
      status: 502,
      error: null,
      message: 'The server answered 502 without saying why.',
    });
  });

  it('takes the answer from an error status the contract lists, else the error', async () => {
    const outcome = {
      status: 'error',
      paymentStatus: null,
      saved: 0,
      skipped: 0,
      message: 'Connection refused',
    };
    const request = { session_id: 'cs_test_abc' };
    const answered = functionsAnswering(() => json(502, outcome));
    expect(await callFunction(answered.functions, confirmCheckoutFunction, request)).toMatchObject({
      ok: true,
      status: 502,
      answer: outcome,
    });
    const crashed = functionsAnswering(() => json(500, { error: 'internal', message: 'Boom' }));
    expect(await callFunction(crashed.functions, confirmCheckoutFunction, request)).toMatchObject({
      ok: false,
      reason: 'refused',
      status: 500,
      error: { error: 'internal', message: 'Boom' },
      message: 'Boom',
    });
  });

  it('says what fetch said when the server cannot be reached', async () => {
    const { functions } = functionsAnswering(() => new TypeError('Failed to fetch'));
    expect(await callFunction(functions, checkoutFunction, cart)).toEqual({
      ok: false,
      reason: 'unreachable',
      status: null,
      error: null,
      message: 'Failed to fetch',
    });
  });
});
