// SIGTERM with shoppers mid-request: every request already received is answered, /healthz says
// 503 "stopping" meanwhile, new connections are refused, and the process exits 0 (the real server, as a
// process).
import { readFileSync, rmSync } from 'node:fs';
import { request, Agent } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { launchServer, waitFor, type ServerProcess } from '../test-support/index.ts';

async function anonKeyOf(origin: string): Promise<string> {
  const page = await (await fetch(`${origin}/keebshop/`)).text();
  const config = /<script type="application\/json" id="app-config">([^<]*)</.exec(page)?.[1];
  return (JSON.parse(config as string) as { supabaseAnonKey: string }).supabaseAnonKey;
}

/** GET `path` over `agent` (one kept-alive connection, as a balancer's health check keeps). */
function get(origin: string, agent: Agent, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(`${origin}${path}`, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode as number));
    })
      .on('error', reject)
      .end();
  });
}

/** GET /healthz over `agent`: its status code and the status it reports, as "503 stopping". */
function health(origin: string, agent: Agent): Promise<string> {
  return new Promise((resolve, reject) => {
    request(`${origin}/healthz`, { agent }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => {
        const { status } = JSON.parse(body) as { status: string };
        resolve(`${res.statusCode} ${status}`);
      });
    })
      .on('error', reject)
      .end();
  });
}

/**
 * A sign-up over `agent` (kept alive, as fetch's): `sent` resolves once the whole request has been
 * handed to the system (so its connection is established), `status` with the answer's status code
 * or the error's code.
 */
function signUp(
  server: ServerProcess,
  anonKey: string,
  i: number,
  agent: Agent,
): { sent: Promise<void>; status: Promise<number | string> } {
  const body = JSON.stringify({ email: `drain-${i}@example.com`, password: 'drain password 1' });
  let sent!: () => void;
  const written = new Promise<void>((resolve) => (sent = resolve));
  const status = new Promise<number | string>((resolve) => {
    const req = request(
      `${server.origin}/auth/v1/signup`,
      {
        method: 'POST',
        agent,
        headers: { apikey: anonKey, 'Content-Type': 'application/json' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode as number));
        res.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
      },
    );
    req.on('finish', sent);
    req.on('error', (err: NodeJS.ErrnoException) => {
      sent(); // nothing more will be written
      resolve(err.code ?? err.message);
    });
    req.end(body);
  });
  return { sent: written, status };
}

/**
 * Opens a connection and sends a POST's head with `Expect: 100-continue`: the server answers
 * "100 Continue" once it has read the head and taken the request in (Node does, then hands the
 * request on). Resolves with the socket once that came, and the whole text it then receives.
 */
async function requestTakenIn(
  origin: string,
  head: string,
): Promise<{ socket: Socket; answer: Promise<string> }> {
  const socket = connect(Number(new URL(origin).port), '127.0.0.1');
  socket.on('error', () => {});
  let text = '';
  const answer = new Promise<string>((resolve) => socket.on('close', () => resolve(text)));
  const taken = new Promise<void>((resolve) =>
    socket.on('data', (d: Buffer) => {
      text += d.toString();
      if (text.startsWith('HTTP/1.1 100 Continue\r\n\r\n')) resolve();
    }),
  );
  socket.write(`${head}Expect: 100-continue\r\n\r\n`);
  await taken;
  return { socket, answer };
}

it('answers every request received before SIGTERM, with /healthz 503 meanwhile, then exits 0', async () => {
  // Every sign-up here comes from one address: the per-address limit would answer most of them
  // 429 before they are read (the slow one included), leaving nothing to drain.
  const logFile = path.join(tmpdir(), `keebshop-drain-${process.pid}-${Date.now()}.log`);
  const server = await launchServer({
    build: true,
    env: { DRAIN_TIMEOUT: '60', SIGNUP_RATE_LIMIT_PER_IP: '1000' },
    output: { logFile },
  });
  try {
    const anonKey = await anonKeyOf(server.origin);
    const balancer = new Agent({ keepAlive: true, maxSockets: 1 });
    expect(await get(server.origin, balancer, '/healthz')).toBe(200);

    // A request whose body is still arriving when the stop comes: received (the server said
    // "100 Continue"), not yet answered.
    const body = JSON.stringify({ email: 'drain-slow@example.com', password: 'drain password 1' });
    const { socket: slow, answer: slowAnswer } = await requestTakenIn(
      server.origin,
      `POST /auth/v1/signup HTTP/1.1\r\nHost: ${new URL(server.origin).host}\r\n` +
        `apikey: ${anonKey}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n`,
    );
    slow.write(body.slice(0, 10));

    // The stop comes while the connections are still arriving and being answered: beyond 8 in
    // flight, sign-ups are answered 429 at once (the bounded hashing queue), so within a second
    // they would all be answered before it. It comes once every request is on its connection
    // (handed to the system): the server has it, read or still queued.
    const shoppers = new Agent({ keepAlive: true });
    const signUps = Array.from({ length: 120 }, (_, i) => signUp(server, anonKey, i, shoppers));
    await Promise.all(signUps.map((s) => s.sent));
    // The balancer checks again just before the stop, so its kept-alive connection is fresh: on
    // a loaded machine the time since its first check can pass the server's keep-alive timeout,
    // and a balancer whose idle connection timed out would open a new one, to a closed listener.
    expect(await get(server.origin, balancer, '/healthz')).toBe(200);
    server.child.kill('SIGTERM');
    // A check the server received before the signal is answered as it was then (200, closing
    // the connection, as every answer does once draining starts): a balancer's next check would
    // find the listener closed. The checks below start once the server has taken the signal.
    await waitFor(async () =>
      readFileSync(logFile, 'utf8').includes('SIGTERM received') ? true : undefined,
    );

    // Draining: the balancer's connection hears 503, and that the server is stopping (not
    // starting); once the connections queued at the stop are taken in (the slow request keeps
    // the server up meanwhile), a new connection is refused.
    await expect
      .poll(() => health(server.origin, balancer), { timeout: 10_000, interval: 100 })
      .toBe('503 stopping');
    await expect
      .poll(() => get(server.origin, new Agent(), '/healthz').catch(String), {
        timeout: 30_000,
        interval: 200,
      })
      .toMatch(/ECONNREFUSED/);

    slow.write(body.slice(10)); // not end(): a half-closed connection gets no answer from Node
    const statuses = await Promise.all(signUps.map((s) => s.status));
    // Every sign-up got an HTTP answer; none was reset.
    expect(statuses.filter((s) => typeof s !== 'number')).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    expect(await slowAnswer).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 OK\r\n/);
    expect(await server.exited).toBe(0);
  } finally {
    await server.stop('SIGKILL');
    rmSync(logFile, { force: true });
  }
}, 180_000);

it('cuts off what is left when DRAIN_TIMEOUT runs out, and says so with exit 1', async () => {
  const logFile = path.join(tmpdir(), `keebshop-drain-cut-${process.pid}-${Date.now()}.log`);
  // The control: the same server stopped with nothing in flight, in the same run and under the
  // same load, for what a stop costs besides the wait.
  const [server, control] = await Promise.all([
    launchServer({ env: { DRAIN_TIMEOUT: '1' }, output: { logFile } }),
    launchServer({ env: { DRAIN_TIMEOUT: '1' } }),
  ]);
  try {
    const timedStop = async (s: ServerProcess) => {
      const started = Date.now();
      const code = await s.stop('SIGTERM');
      return { code, ms: Date.now() - started };
    };
    const clean = await timedStop(control);
    expect(clean.code).toBe(0);

    const anonKey = await anonKeyOf(server.origin);
    // A request that never finishes arriving, taken in by the server (it said "100 Continue").
    const { socket: stuck, answer } = await requestTakenIn(
      server.origin,
      `POST /auth/v1/signup HTTP/1.1\r\nHost: ${new URL(server.origin).host}\r\n` +
        `apikey: ${anonKey}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100\r\n',
    );
    stuck.write('{');
    const cut = await timedStop(server);
    expect(cut.code).toBe(1);
    // Cut off, unanswered, and the server says which limit it reached and how many it cut.
    expect(await answer).toBe('HTTP/1.1 100 Continue\r\n\r\n');
    const said = [
      'SIGTERM received, shutting down: answering 1 requests in progress (DRAIN_TIMEOUT 1 s)',
      'DRAIN_TIMEOUT (1 s) reached: 1 requests cut off',
    ];
    await waitFor(async () => {
      const log = readFileSync(logFile, 'utf8');
      return said.every((line) => log.includes(line)) ? true : undefined;
    });
    // The stop took the 1 s limit longer than the control's: well within five times that, and
    // far from the 30 s default or a stop that hangs after the cut.
    expect(cut.ms - clean.ms, `stop ${cut.ms} ms, control ${clean.ms} ms`).toBeLessThan(5 * 1000);
  } finally {
    await Promise.all([server.stop('SIGKILL'), control.stop('SIGKILL')]);
    rmSync(logFile, { force: true });
  }
}, 120_000);
