// Batches sharing connections (BatchLane, pg's pipeline mode) on a private PostgreSQL cluster: each
// batch stays its own transaction with its own answer, a failing batch fails alone, prepared
// statements stay right when batches parse them side by side, and a lost connection is a 503.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BatchLane } from './pg-lane.ts';
import { openPostgres } from './postgres.ts';
import type { SqlDatabase } from './sql.ts';
import type { Statement } from './types.ts';
import { unavailabilityOf } from './unavailable.ts';
import { startPrivateCluster, waitFor, type PrivateCluster } from '../test-support/index.ts';

let cluster: PrivateCluster;
let admin: SqlDatabase;
const pools: pg.Pool[] = [];

/** A pool as openPostgres makes it, and a lane over it. */
function laneOf(opts: {
  max: number;
  connections: number;
  depth: number;
  waitMs?: number;
  stallMs?: number;
  /** How long the pool's own connect() may wait (default: as long as it takes). */
  connectTimeoutMs?: number;
}) {
  const pool = new pg.Pool({
    connectionString: cluster.url('lane'),
    max: opts.max,
    pipeline: true,
    ...(opts.connectTimeoutMs ? { connectionTimeoutMillis: opts.connectTimeoutMs } : {}),
  } as pg.PoolConfig);
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  pools.push(pool);
  const lane = new BatchLane(pool, {
    connections: opts.connections,
    depth: opts.depth,
    stallMs: opts.stallMs ?? 1_000,
    waitMs: opts.waitMs ?? 5_000,
  });
  return { pool, lane };
}

/** The backend pids of the pool's connections, as the statements see them. */
const backend: Statement = { sql: 'SELECT pg_backend_pid() AS pid' };

/**
 * A statement that waits until the test lets it go: it takes transaction lock `key`, which the
 * returned holder keeps (on a connection of its own) until release(). A slow query the test
 * controls, where pg_sleep would end on its own time, on a busy machine perhaps too early.
 */
async function heldLock(key: number) {
  const holder = new pg.Client({ connectionString: cluster.url('lane') });
  await holder.connect();
  await holder.query('SELECT pg_advisory_lock($1)', [key]);
  const sql = `SELECT pg_advisory_xact_lock(${key}) AS held_${key}`;
  let released: Promise<void> | undefined;
  return {
    /** Runs until release(). */
    statement: { sql } satisfies Statement,
    /** Resolves once a connection runs the statement and waits for the lock. */
    waiting: () =>
      waitFor(async () => {
        const { rows } = await admin.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE query = $1 AND wait_event_type = 'Lock'`,
          [sql],
        );
        return rows[0]!.n > 0 ? true : undefined;
      }),
    /** Lets the statement go (again: nothing more). */
    release: () => (released ??= holder.end()),
  };
}

/** Whether `promise` has settled, read at any moment. */
function settledFlag(promise: Promise<unknown>): () => boolean {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  return () => settled;
}

beforeAll(async () => {
  cluster = await startPrivateCluster();
  const server = await openPostgres(cluster.url(), 1);
  await server.query('CREATE DATABASE lane');
  await server.close();
  admin = await openPostgres(cluster.url('lane'), 1);
  await admin.exec('CREATE TABLE items (id int PRIMARY KEY, label text NOT NULL)');
}, 60_000);

afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
  await admin?.close();
  await cluster?.stop();
});

describe('BatchLane', () => {
  it('carries many batches on one connection, each its own transaction with its own answer', async () => {
    const { lane } = laneOf({ max: 10, connections: 5, depth: 8 });
    const batches = Array.from({ length: 40 }, (_, i) =>
      lane.run([
        { sql: `SELECT set_config('request.jwt.claim.sub', $1, true)`, params: [`user-${i}`] },
        { sql: `SELECT current_setting('request.jwt.claim.sub', true) AS sub` },
        backend,
      ]),
    );
    const answers = await Promise.all(batches);
    answers.forEach(([, seen], i) => expect(seen?.rows).toEqual([{ sub: `user-${i}` }]));
    // All on one connection while it answers, none seeing another's local setting.
    expect(new Set(answers.map((a) => a[2]?.rows[0]?.pid)).size).toBe(1);
  });

  it('sends new batches past a connection that stopped answering promptly', async () => {
    const { lane } = laneOf({ max: 10, connections: 2, depth: 8, stallMs: 100 });
    const lock = await heldLock(1);
    // The lane's clock (performance.now) is the test's: the slow batch stalls when it moves.
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      const slow = lane.run([lock.statement, backend]);
      const slowSettled = settledFlag(slow);
      // Sent before the slow batch counts as stalled: it rides behind it.
      const behind = lane.run([backend]);
      await lock.waiting();
      vi.advanceTimersByTime(101);
      // Answered while the slow batch still waits: it went past it, not behind it. (Were it
      // behind, it would wait for the lock: let go after 10 s, so the test fails rather than hangs.)
      const failing = setTimeout(() => void lock.release(), 10_000);
      const [past] = await lane.run([backend]);
      clearTimeout(failing);
      expect(slowSettled()).toBe(false);
      await lock.release();
      const [[, slowPid], [behindPid]] = await Promise.all([slow, behind]);
      expect(behindPid?.rows).toEqual(slowPid?.rows);
      expect(past?.rows).not.toEqual(slowPid?.rows);
    } finally {
      vi.useRealTimers();
      await lock.release();
    }
  });

  it('fails only the batch that fails; the ones written after it still run', async () => {
    const { lane } = laneOf({ max: 1, connections: 1, depth: 4 });
    const insert = 'INSERT INTO items VALUES ($1, $2)';
    // The failing batch would parse a new statement after its error; the server skips that Parse,
    // and the batch behind it, already on the wire, must not count on it.
    const later = 'SELECT label FROM items WHERE id = $1';
    const [bad, good, again] = await Promise.allSettled([
      lane.run([
        { sql: insert, params: [1, 'one'] },
        { sql: 'SELECT $1::int AS n', params: ['not a number'] },
        { sql: later, params: [1] },
      ]),
      lane.run([
        { sql: insert, params: [2, 'two'] },
        { sql: later, params: [2] },
      ]),
      lane.run([{ sql: later, params: [2] }]),
    ]);
    expect(bad).toMatchObject({ status: 'rejected', reason: { code: '22P02' } });
    expect(good).toMatchObject({ status: 'fulfilled' });
    expect(good.status === 'fulfilled' && good.value[1]?.rows).toEqual([{ label: 'two' }]);
    expect(again.status === 'fulfilled' && again.value[0]?.rows).toEqual([{ label: 'two' }]);
    // The failing batch wrote nothing.
    const { rows } = await admin.query('SELECT id FROM items ORDER BY id');
    expect(rows).toEqual([{ id: 2 }]);
  });

  it('keeps one prepared statement per text when batches parse it side by side', async () => {
    const { lane } = laneOf({ max: 1, connections: 1, depth: 8 });
    const sql = 'SELECT $1::int * 2 AS twice';
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => lane.run([{ sql, params: [i] }])),
    );
    answers.forEach(([r], i) => expect(r?.rows).toEqual([{ twice: i * 2 }]));
    // The extra copies are closed with the next batch on the connection.
    const [, prepared] = await lane.run([
      { sql, params: [21] },
      {
        sql: 'SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement = $1',
        params: [sql],
      },
    ]);
    expect(prepared?.rows).toEqual([{ n: 1 }]);
  });

  it('queues batches in order when every place is taken', async () => {
    const { lane } = laneOf({ max: 1, connections: 1, depth: 1 });
    const done: number[] = [];
    const batches = [0, 1, 2, 3].map((i) =>
      lane.run([{ sql: 'SELECT pg_sleep(0.05), $1::int AS i', params: [i] }]).then(([r]) => {
        done.push(r?.rows[0]?.i as number);
      }),
    );
    await Promise.all(batches);
    expect(done).toEqual([0, 1, 2, 3]);
  });

  it('answers as the pool does when a batch waits longer than a connection may be waited for', async () => {
    const { lane } = laneOf({ max: 1, connections: 1, depth: 1, waitMs: 200 });
    const slow = lane.run([{ sql: 'SELECT pg_sleep(0.6)' }]);
    const late = await lane.run([backend]).catch((err: unknown) => err);
    expect(late).toBeInstanceOf(Error);
    expect(unavailabilityOf(late)).toBe('unavailable');
    await slow;
    const [after] = await lane.run([backend]);
    expect(after?.rows).toHaveLength(1);
  });

  it('leaves the rest of the pool to transactions while it is busy', async () => {
    // A connect() that had to wait for the lane's connection would wait for the test: it gives up.
    const { pool, lane } = laneOf({ max: 2, connections: 1, depth: 2, connectTimeoutMs: 10_000 });
    const lock = await heldLock(2);
    try {
      const slow = lane.run([lock.statement]);
      const slowSettled = settledFlag(slow);
      await lock.waiting();
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('SELECT 1');
        await client.query('COMMIT');
      } finally {
        client.release();
      }
      // The transaction ran while the lane's batch was still busy.
      expect(slowSettled()).toBe(false);
      await lock.release();
      await slow;
    } finally {
      await lock.release();
    }
  });

  it('answers the batches on a lost connection as unavailable, and not those still waiting', async () => {
    const { lane } = laneOf({ max: 2, connections: 1, depth: 2 });
    // Still running when the server ends the connection: it waits for the test's lock.
    const lock = await heldLock(3);
    const held = lock.statement.sql;
    const lost = [0, 1].map(() => lane.run([lock.statement, backend]).catch((err: unknown) => err));
    const waiting = [0, 1].map(() => lane.run([backend]));
    await lock.waiting();
    const { rows } = await admin.query<{ pid: number }>(
      `SELECT pg_terminate_backend(pid), pid FROM pg_stat_activity WHERE query = $1`,
      [held],
    );
    await lock.release();
    expect(rows).toHaveLength(1);
    for (const outcome of await Promise.all(lost)) {
      expect(unavailabilityOf(outcome)).toBe('unavailable');
    }
    // The waiting batches go to a new connection, never to the one the server ended.
    for (const [answer] of await Promise.all(waiting)) {
      expect(answer?.rows[0]?.pid).not.toBe(rows[0]?.pid);
    }
  });
});
