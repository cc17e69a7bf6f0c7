// SIGTERM with shoppers mid-request: every request already received is answered, /healthz says
// 503 "stopping" meanwhile, new connections are refused, and the process exits 0 (the real server, as a
// process).
import { readFileSync, rmSync } from 'node:fs';
import { request, Agent } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { launchServer, waitFor, type ServerProcess } from '../test-support/index.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

function signUp(server: ServerProcess, anonKey: string, i: number): Promise<number | string> {
  return fetch(`${server.origin}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: `drain-${i}@example.com`, password: 'drain password 1' }),
  }).then(
    async (res) => {
      await res.arrayBuffer();
      return res.status;
    },
    (err: Error) => `${(err.cause as { code?: string } | undefined)?.code ?? err.message}`,
  );
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

    // A request whose body is still arriving when the stop comes: received, not yet answered.
    const slow = connect(Number(new URL(server.origin).port), '127.0.0.1');
    const slowAnswer = new Promise<string>((resolve) => {
      let text = '';
      slow.on('data', (d: Buffer) => (text += d.toString()));
      slow.on('close', () => resolve(text));
    });
    const body = JSON.stringify({ email: 'drain-slow@example.com', password: 'drain password 1' });
    slow.write(
      `POST /auth/v1/signup HTTP/1.1\r\nHost: 127.0.0.1\r\napikey: ${anonKey}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );

    // The stop comes while the connections are still arriving and being answered: beyond 8 in
    // flight, sign-ups are answered 429 at once (the bounded hashing queue), so within a second
    // they would all be answered before it.
    const signUps = Array.from({ length: 120 }, (_, i) => signUp(server, anonKey, i));
    await sleep(150);
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
    const statuses = await Promise.all(signUps);
    // Every sign-up got an HTTP answer; none was reset.
    expect(statuses.filter((s) => typeof s !== 'number')).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    expect(await slowAnswer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(await server.exited).toBe(0);
  } finally {
    await server.stop('SIGKILL');
    rmSync(logFile, { force: true });
  }
}, 180_000);

it('cuts off what is left when DRAIN_TIMEOUT runs out, and says so with exit 1', async () => {
  const server = await launchServer({ env: { DRAIN_TIMEOUT: '1' } });
  try {
    const anonKey = await anonKeyOf(server.origin);
    // A request that never finishes arriving.
    const stuck = connect(Number(new URL(server.origin).port), '127.0.0.1');
    stuck.on('error', () => {});
    stuck.write(
      `POST /auth/v1/signup HTTP/1.1\r\nHost: 127.0.0.1\r\napikey: ${anonKey}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    await sleep(300);
    const started = Date.now();
    expect(await server.stop('SIGTERM')).toBe(1);
    expect(Date.now() - started).toBeLessThan(10_000);
  } finally {
    await server.stop('SIGKILL');
  }
}, 120_000);
