// A full disk, for real. PGlite: the server process runs with its DATA_DIR on a small tmpfs, which
// the test fills. Writes answer 503 "temporarily unable to save" (never 500), /healthz names the
// disk, reads go on, nothing acknowledged is lost, and once space is freed the shop takes writes
// again without a restart; a checkout whose payment session (the sandbox keeps it in the same
// database) meets the full disk answers the same 503, not the provider's 502. PostgreSQL: the
// shop's database lives in a tablespace on a small tmpfs of a private cluster; a write that meets
// the full disk answers the same 503.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { runMigrations } from '../db/migrate.ts';
import { openPostgres } from '../db/postgres.ts';
import {
  startPrivateCluster,
  startServerOnTmpfs,
  startTestServer,
  type TmpfsServer,
} from '../test-support/index.ts';

const PASSWORD = 'correct horse battery';
const SAVE_MESSAGE = /temporarily unable to save/;

interface Answer {
  status: number;
  retryAfter: string | null;
  body: Record<string, unknown>;
}

let server: TmpfsServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/**
 * Sends writes (`send(i)`) until one is not a 200, at most 300: on a full disk, small rows may
 * still fit in pages the tables have, so writes go on until one needs a new page.
 */
async function untilRefused(send: (i: number) => Promise<Answer>): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < 300; i++) {
    const answer = await send(i);
    answers.push(answer);
    if (answer.status !== 200) break;
  }
  return answers;
}

function caller(shop: TmpfsServer) {
  return async (
    path: string,
    init: { method?: string; token?: string; body?: unknown } = {},
  ): Promise<Answer> => {
    const res = await fetch(`${shop.origin}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        apikey: shop.anonKey,
        authorization: `Bearer ${init.token ?? shop.anonKey}`,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const text = await res.text();
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    };
  };
}

const email = (label: string) => `${label}-${randomUUID().slice(0, 8)}@keebshop.test`;

describe('a full disk under DATA_DIR (PGlite)', () => {
  it('answers writes 503 "temporarily unable to save" and /healthz 503 naming the disk; reads go on, nothing is lost', async () => {
    server = await startServerOnTmpfs(160);
    const call = caller(server);
    const signUp = (address: string) =>
      call('/auth/v1/signup', { method: 'POST', body: { email: address, password: PASSWORD } });
    const signIn = (address: string) =>
      call('/auth/v1/token?grant_type=password', {
        method: 'POST',
        body: { email: address, password: PASSWORD },
      });

    const first = email('before');
    expect((await signUp(first)).status).toBe(200);
    const session = await signIn(first);
    expect(session.status).toBe(200);
    const token = session.body.access_token as string;
    const saved = await call('/auth/v1/user', {
      method: 'PUT',
      token,
      body: { data: { nickname: 'Saved before' } },
    });
    expect(saved.status).toBe(200);
    expect((await call('/healthz')).status).toBe(200);

    server.fill();
    const health = await call('/healthz');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({
      status: 'unavailable',
      failing: ['disk'],
      checks: {
        disk: expect.stringMatching(/^0 MB free under DATA_DIR, below the 64 MB minimum$/),
      },
    });

    // Every API's writes: 503 with Retry-After, in its own shape.
    const signUpFull = await signUp(email('during'));
    expect(signUpFull).toMatchObject({
      status: 503,
      retryAfter: '60',
      body: { error_code: 'storage_full', msg: expect.stringMatching(SAVE_MESSAGE) },
    });
    const checkout = await call('/functions/v1/checkout', {
      method: 'POST',
      token,
      body: { items: [{ key: 'keyboards:2', color: 'Green', quantity: 1 }] },
    });
    expect(checkout).toMatchObject({
      status: 503,
      retryAfter: '60',
      body: { error: 'storage_full', message: expect.stringMatching(SAVE_MESSAGE) },
    });
    const rate = await call('/rest/v1/rpc/rate_product', {
      method: 'POST',
      token,
      body: { product_key: 'keyboards:2', product_name: 'x', rating: 5 },
    });
    expect(rate).toMatchObject({
      status: 503,
      retryAfter: '60',
      body: { code: '53100', message: expect.stringMatching(SAVE_MESSAGE) },
    });

    // Reads go on, with what was saved before.
    const user = await call('/auth/v1/user', { token });
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({ email: first, user_metadata: { nickname: 'Saved before' } });
    expect((await call('/rest/v1/orders?select=id', { token })).status).toBe(200);

    // Space again: writes resume without a restart.
    server.free();
    expect((await call('/healthz')).status).toBe(200);
    const after = email('after');
    expect((await signUp(after)).status).toBe(200);
    expect((await signIn(after)).status).toBe(200);
    expect((await signIn(first)).status).toBe(200);
    expect(await server.stop()).toBe(0);
  }, 120_000);

  it('answers a write that meets the full disk itself 503, never 500 (DATA_DIR_MIN_FREE_MB=0)', async () => {
    server = await startServerOnTmpfs(160, { DATA_DIR_MIN_FREE_MB: '0' });
    const call = caller(server);
    const before = email('before');
    expect(
      (
        await call('/auth/v1/signup', {
          method: 'POST',
          body: { email: before, password: PASSWORD },
        })
      ).status,
    ).toBe(200);
    server.fill();
    const answers = await untilRefused((i) =>
      call('/auth/v1/signup', {
        method: 'POST',
        body: { email: email(`full-${i}`), password: PASSWORD },
      }),
    );
    const last = answers.at(-1);
    expect(answers.every((a) => a.status === 200 || a.status === 503)).toBe(true);
    expect(last).toMatchObject({
      status: 503,
      retryAfter: '60',
      body: { error_code: 'storage_full', msg: expect.stringMatching(SAVE_MESSAGE) },
    });
    server.free();
    const after = email('after');
    expect(
      (
        await call('/auth/v1/signup', {
          method: 'POST',
          body: { email: after, password: PASSWORD },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call('/auth/v1/token?grant_type=password', {
          method: 'POST',
          body: { email: before, password: PASSWORD },
        })
      ).status,
    ).toBe(200);
    expect(await server.stop()).toBe(0);
  }, 120_000);

  it('answers a checkout that meets the full disk itself 503 storage_full, never 502', async () => {
    server = await startServerOnTmpfs(160, { DATA_DIR_MIN_FREE_MB: '0' });
    const call = caller(server);
    const shopper = email('shopper');
    const body = { email: shopper, password: PASSWORD };
    expect((await call('/auth/v1/signup', { method: 'POST', body })).status).toBe(200);
    const session = await call('/auth/v1/token?grant_type=password', { method: 'POST', body });
    const token = session.body.access_token as string;
    const cart = { items: [{ key: 'keyboards:2', color: 'Green', quantity: 1 }] };
    // A checkout before: its stock rows have room, so the next one meets the disk in the sandbox.
    expect(
      (await call('/functions/v1/checkout', { method: 'POST', token, body: cart })).status,
    ).toBe(200);
    server.fill();
    // The payments sandbox keeps its sessions in the same database, on the same full disk.
    const answers = await untilRefused(() =>
      call('/functions/v1/checkout', { method: 'POST', token, body: cart }),
    );
    expect(answers.every((a) => a.status === 200 || a.status === 503)).toBe(true);
    expect(answers.at(-1)).toMatchObject({
      status: 503,
      retryAfter: '60',
      body: { error: 'storage_full', message: expect.stringMatching(SAVE_MESSAGE) },
    });
    server.free();
    const again = await call('/functions/v1/checkout', { method: 'POST', token, body: cart });
    expect(again.status).toBe(200);
    expect(await server.stop()).toBe(0);
  }, 120_000);
});

describe('a full disk under the PostgreSQL database (a tablespace on a tmpfs)', () => {
  it('answers a write that meets the full disk 503 "temporarily unable to save", never 500', async () => {
    const cluster = await startPrivateCluster({ tmpfsMb: 48 });
    try {
      const admin = await openPostgres(cluster.url(), 1);
      await admin.query(`CREATE TABLESPACE small LOCATION '${cluster.tablespaceDir}'`);
      await admin.query('CREATE DATABASE shop TABLESPACE small');
      await admin.close();
      const db = await openPostgres(cluster.url('shop'));
      await runMigrations(db);
      const shop = await startTestServer({ db });
      try {
        const signUp = (label: string) =>
          shop
            .call('/auth/v1/signup', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ email: email(label), password: PASSWORD }),
            })
            .then(async (res) => ({
              status: res.status,
              retryAfter: res.headers.get('retry-after'),
              body: (await res.json()) as Record<string, unknown>,
            }));
        const before = await shop.signUp('before');
        cluster.fillTablespace();
        const answers = await untilRefused((i) => signUp(`full-${i}`));
        expect(answers.every((a) => a.status === 200 || a.status === 503)).toBe(true);
        expect(answers.at(-1)).toMatchObject({
          status: 503,
          retryAfter: '60',
          body: { error_code: 'storage_full', msg: expect.stringMatching(SAVE_MESSAGE) },
        });
        // Reads go on; what was saved before is there.
        const user = await shop.call('/auth/v1/user', { token: before.accessToken });
        expect(user.status).toBe(200);
        cluster.freeTablespace();
        expect((await signUp('after')).status).toBe(200);
      } finally {
        await shop.close();
        await db.close();
      }
    } finally {
      await cluster.stop();
    }
  }, 120_000);
});
