// The ports, taken before the slow start steps: a port in use or a bad HOST stops the start in
// milliseconds, with one line, before migrations run.
import type { Server } from 'node:http';
import { createServer } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { errorCode, oneLine, StartupError } from './startup-error.ts';

type Fetch = (request: Request, env: unknown) => unknown;

export interface Listener {
  server: Server;
  /** The port bound (PORT, or the one the system chose for PORT=0). */
  port: number;
  /** Hands requests to the app from now on; until then every request gets 503. */
  serve(fetch: Fetch): void;
}

// While starting, the balancer's check and shoppers alike hear 503.
const starting: Fetch = (request) =>
  new URL(request.url).pathname === '/healthz'
    ? Response.json({ status: 'starting' }, { status: 503 })
    : new Response('Keebshop is starting; try again in a moment.\n', {
        status: 503,
        headers: { 'Retry-After': '5', 'Content-Type': 'text/plain; charset=utf-8' },
      });

/** The one line for a failed bind of `variable` (PORT or SANDBOX_PORT) on host:port. */
function bindProblem(variable: string, port: number, host: string, err: unknown): StartupError {
  const code = errorCode(err);
  switch (code) {
    case 'EADDRINUSE':
      return new StartupError(
        `${variable} ${port} is already in use on ${host}: stop the process listening there or set ${variable} to a free port.`,
      );
    case 'EACCES':
      return new StartupError(
        `${variable} ${port} on ${host}: permission denied (ports below 1024 need privileges); choose a port of 1024 or above.`,
      );
    case 'EADDRNOTAVAIL':
      return new StartupError(
        `HOST ${host} is not an address of this machine: set HOST to one of its addresses, or 0.0.0.0 for all of them.`,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_FAIL':
      return new StartupError(
        `HOST ${host} does not resolve to an address (${code}): set HOST to an address of this machine, or 0.0.0.0 for all of them.`,
      );
    default:
      return new StartupError(`Cannot listen on ${host}:${port}: ${oneLine(err)}.`);
  }
}

/** Binds the shop's port now and answers 503 until `serve` hands it the app. */
export async function listenFirst(port: number, host: string): Promise<Listener> {
  let handler = starting;
  const server = createAdaptorServer({ fetch: (req, env) => handler(req, env) }) as Server;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  }).catch((err: unknown) => {
    throw bindProblem('PORT', port, host, err);
  });
  const address = server.address();
  return {
    server,
    port: typeof address === 'object' && address ? address.port : port,
    serve(fetch) {
      handler = fetch;
    },
  };
}

function tryBind(port: number, host: string): Promise<unknown> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', resolve);
    probe.listen(port, host, () => probe.close(() => resolve(null)));
  });
}

/** Fails the start in one line if `variable`'s port is taken on `host` (0: any free port, fine). */
export async function checkFreePort(variable: string, port: number, host: string): Promise<void> {
  if (port === 0) return;
  const err = await tryBind(port, host);
  if (err !== null) throw bindProblem(variable, port, host, err);
}

/**
 * SANDBOX_PORT must be free, or hold a payments sandbox (another instance on this machine runs it:
 * the start then checks it has this shop's key). Anything else there stops the start.
 */
export async function checkSandboxPort(port: number): Promise<void> {
  const err = await tryBind(port, '127.0.0.1');
  if (err === null) return;
  if (errorCode(err) !== 'EADDRINUSE') throw bindProblem('SANDBOX_PORT', port, '127.0.0.1', err);
  // A Stripe-compatible sandbox answers a request without a key with a Stripe-shaped error.
  const stripeShaped = await fetch(`http://127.0.0.1:${port}/v1/checkout/sessions/cs_probe`, {
    signal: AbortSignal.timeout(3000),
  })
    .then((res) => res.json() as Promise<{ error?: { type?: unknown } }>)
    .then((body) => typeof body.error?.type === 'string')
    .catch(() => false);
  if (!stripeShaped) {
    throw new StartupError(
      `SANDBOX_PORT ${port} is already in use on 127.0.0.1 by something other than a payments sandbox: stop it or set SANDBOX_PORT to a free port.`,
    );
  }
}
