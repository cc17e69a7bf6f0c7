import type pg from 'pg';
import { runBatch } from './pg-batch.ts';
import type { QueryResult, Statement } from './types.ts';

/** A pooled connection the lane holds, and the batches on it. */
interface Held {
  client: pg.PoolClient;
  inFlight: number;
  /** Set once the connection failed: no new batch goes to it, and it is destroyed when left. */
  broken: boolean;
}

/** A batch waiting for a place; `claim` stops its own deadline once the lane takes it up. */
interface Waiter {
  claim: () => void;
  resolve: (held: Held) => void;
  reject: (err: Error) => void;
}

/** Whether the connection a batch failed on is done for: not a server's error, or a fatal one. */
function endsConnection(err: unknown): boolean {
  if (!(err instanceof Error && 'severity' in err)) return true;
  return err.severity === 'FATAL' || err.severity === 'PANIC';
}

/**
 * Batches (reads and token refreshes, each one implicit transaction) share the pooled connections
 * the lane holds instead of taking one each (ADR 0038). A batch gets a connection of its own while
 * the lane holds fewer than `connections`; past that, up to `depth` batches ride one connection
 * at once in pg's pipeline mode, each ended by its own Sync, so the server goes from one to the
 * next without waiting for the Node side; past that, batches wait in order. A connection goes
 * back to the pool as soon as no batch is on it, so transactions can use every connection of the
 * pool while reads are quiet.
 */
export class BatchLane {
  private readonly held: Held[] = [];
  private readonly waiting: Waiter[] = [];
  private acquiring = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly connections: number,
    private readonly depth: number,
    /** How long a batch waits for a place before it fails as the pool's own wait does. */
    private readonly waitMs: number,
  ) {}

  async run(statements: readonly Statement[]): Promise<QueryResult[]> {
    const held = await this.place();
    try {
      return await runBatch(held.client, statements);
    } catch (err) {
      // A server's error leaves the connection usable (the Sync rolled back), unless fatal.
      if (endsConnection(err)) held.broken = true;
      throw err;
    } finally {
      this.leave(held);
    }
  }

  /** A place for one batch, counted on its connection. */
  private place(): Promise<Held> {
    if (this.held.length + this.acquiring < this.connections) return this.acquire();
    let least: Held | undefined;
    for (const h of this.held) {
      if (!h.broken && h.inFlight < this.depth && (!least || h.inFlight < least.inFlight)) {
        least = h;
      }
    }
    if (least) {
      least.inFlight += 1;
      return Promise.resolve(least);
    }
    return new Promise((resolve, reject) => {
      // As long as the pool lets a caller wait for a connection, and in its words (a 503).
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        reject(new Error('timeout exceeded when trying to connect'));
      }, this.waitMs);
      const waiter: Waiter = { claim: () => clearTimeout(timer), resolve, reject };
      this.waiting.push(waiter);
    });
  }

  /** A new connection from the pool, with one batch on it and waiters riding along. */
  private async acquire(): Promise<Held> {
    this.acquiring += 1;
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (err) {
      // The database is out of reach: the next waiter tries too, and fails as fast.
      const next = this.waiting.shift();
      if (next) this.acquireFor(next);
      throw err;
    } finally {
      this.acquiring -= 1;
    }
    const held: Held = { client, inFlight: 1, broken: false };
    this.held.push(held);
    this.fill(held);
    return held;
  }

  private acquireFor(waiter: Waiter): void {
    waiter.claim();
    this.acquire().then(waiter.resolve, waiter.reject);
  }

  /** Gives waiters the places left on `held`, first come first served. */
  private fill(held: Held): void {
    while (this.waiting.length > 0 && held.inFlight < this.depth) {
      const waiter = this.waiting.shift()!;
      waiter.claim();
      held.inFlight += 1;
      waiter.resolve(held);
    }
  }

  private leave(held: Held): void {
    held.inFlight -= 1;
    if (!held.broken) this.fill(held);
    if (held.inFlight > 0) return;
    this.held.splice(this.held.indexOf(held), 1);
    held.client.release(held.broken);
    // The place given back: the next waiter may take a connection of its own.
    const next = this.waiting.shift();
    if (next) this.acquireFor(next);
  }
}
